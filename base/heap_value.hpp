#pragma once

#include <memory>
#include <utility>

namespace tileprof {

// An object kept on the heap only while it is wanted, with a value's copies: copying its owner
// copies it whole (unique_ptr would forbid the copy; shared_ptr would share it).
template <class T>
class HeapValue {
public:
    HeapValue() = default;
    HeapValue(const HeapValue& other) : value_(other.value_ ? std::make_unique<T>(*other.value_) : nullptr) {}
    HeapValue(HeapValue&&) noexcept = default;
    HeapValue& operator=(const HeapValue& other)
    {
        HeapValue copy(other);
        value_ = std::move(copy.value_);
        return *this;
    }
    HeapValue& operator=(HeapValue&&) noexcept = default;
    ~HeapValue() = default;

    template <class... Args>
    T& emplace(Args&&... args)
    {
        value_ = std::make_unique<T>(std::forward<Args>(args)...);
        return *value_;
    }
    void reset() { value_.reset(); }
    explicit operator bool() const { return value_ != nullptr; }
    bool operator==(std::nullptr_t) const { return value_ == nullptr; }
    T* operator->() { return value_.get(); }
    const T* operator->() const { return value_.get(); }
    T& operator*() { return *value_; }
    const T& operator*() const { return *value_; }

private:
    std::unique_ptr<T> value_;
};

} // namespace tileprof
