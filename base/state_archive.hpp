#pragma once

#include "base/input_error.hpp"

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tileprof {

// A machine's state as one stream of fields, each little-endian in its own width, in the order
// the machine's parts list them. A part lists its fields once, in
//     template <class Archive> void serialize(Archive& a)
// which writes them through a StateWriter and reads them back through a StateReader: one list, so
// that writing and reading cannot disagree. `bounded` states the largest value a field may hold,
// so that a reader never takes an index or a count the part could not have had.

template <class T>
concept StateField = std::integral<T> || std::is_enum_v<T>;

class StateWriter {
public:
    static constexpr bool kReads = false;

    template <StateField T>
    void value(const T& field)
    {
        const auto bits = [&] {
            if constexpr (std::is_enum_v<T>) {
                return static_cast<std::make_unsigned_t<std::underlying_type_t<T>>>(field);
            } else if constexpr (std::is_same_v<T, bool>) {
                return static_cast<std::uint8_t>(field);
            } else {
                return static_cast<std::make_unsigned_t<T>>(field);
            }
        }();
        for (unsigned byte = 0; byte < sizeof(bits); ++byte) {
            text_.push_back(static_cast<char>(bits >> (8 * byte)));
        }
    }
    template <StateField T>
    void bounded(const T& field, T)
    {
        value(field);
    }
    template <StateField T, std::size_t N>
    void values(const std::array<T, N>& fields)
    {
        for (const T& field : fields) {
            value(field);
        }
    }
    void bytes(std::span<const std::uint8_t> fields) { text_.append(reinterpret_cast<const char*>(fields.data()), fields.size()); }
    // What a reader checks of the fields read so far.
    void require(bool, const char*) {}
    // A vector of at most `most` elements, each written by `write(archive, element)`.
    template <class T, class Write>
    void sequence(const std::vector<T>& elements, std::size_t, Write write)
    {
        value(static_cast<std::uint64_t>(elements.size()));
        for (const T& element : elements) {
            write(*this, element);
        }
    }

    const std::string& text() const { return text_; }

private:
    std::string text_;
};

// Reads what a StateWriter wrote. Every problem throws InputError "WHERE: PROBLEM": the stream
// ends early, a bool is neither 0 nor 1, a field holds more than it may.
class StateReader {
public:
    static constexpr bool kReads = true;

    StateReader(std::string_view bytes, std::string where) : bytes_(bytes), where_(std::move(where)) {}

    template <StateField T>
    void value(T& field)
    {
        if constexpr (std::is_same_v<T, bool>) {
            std::uint8_t bit = 0;
            value(bit);
            if (bit > 1) {
                fail("a flag holds " + std::to_string(bit));
            }
            field = bit != 0;
        } else if constexpr (std::is_enum_v<T>) {
            static_assert(!std::is_enum_v<T>, "an enumeration is read with bounded()");
        } else {
            using Bits = std::make_unsigned_t<T>;
            const std::string_view raw = take(sizeof(Bits));
            Bits bits = 0;
            for (unsigned byte = 0; byte < sizeof(Bits); ++byte) {
                bits = static_cast<Bits>(bits | static_cast<Bits>(static_cast<std::uint8_t>(raw[byte])) << (8 * byte));
            }
            field = static_cast<T>(bits);
        }
    }
    template <StateField T>
    void bounded(T& field, T most)
    {
        if constexpr (std::is_enum_v<T>) {
            std::underlying_type_t<T> raw{};
            bounded(raw, static_cast<std::underlying_type_t<T>>(most));
            field = static_cast<T>(raw);
        } else {
            T raw{};
            value(raw);
            if (raw > most) {
                fail("a field holds " + std::to_string(raw) + ", more than its largest, " + std::to_string(most));
            }
            field = raw;
        }
    }
    template <StateField T, std::size_t N>
    void values(std::array<T, N>& fields)
    {
        for (T& field : fields) {
            value(field);
        }
    }
    void bytes(std::span<std::uint8_t> fields)
    {
        const std::string_view raw = take(fields.size());
        std::copy(raw.begin(), raw.end(), reinterpret_cast<char*>(fields.data()));
    }
    template <class T, class Read>
    void sequence(std::vector<T>& elements, std::size_t most, Read read)
    {
        std::uint64_t size = 0;
        bounded(size, std::uint64_t{most});
        elements.assign(size, T{});
        for (T& element : elements) {
            read(*this, element);
        }
    }

    void require(bool holds, const char* what) const
    {
        if (!holds) {
            fail(what);
        }
    }

    std::size_t left() const { return bytes_.size(); }
    // Throws unless every byte was read.
    void finish() const
    {
        if (!bytes_.empty()) {
            fail(std::to_string(bytes_.size()) + " bytes more than the machine's state");
        }
    }
    [[noreturn]] void fail(const std::string& problem) const { throw InputError(where_ + ": " + problem); }

private:
    std::string_view take(std::size_t count)
    {
        if (bytes_.size() < count) {
            fail("it ends early: the file is cut short");
        }
        const std::string_view raw = bytes_.substr(0, count);
        bytes_.remove_prefix(count);
        return raw;
    }

    std::string_view bytes_;
    std::string where_;
};

} // namespace tileprof
