#include "base/output_file.hpp"

#include "base/input_error.hpp"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tileprof {
namespace {

// The temporaries being written, for a signal handler to remove: fixed storage, as nothing else
// may be touched in a handler. The handler is installed while any is listed.
constexpr std::array kSignals{SIGINT, SIGTERM, SIGHUP, SIGQUIT};
constexpr int kSlots = 16;
constexpr std::size_t kPathBytes = 4096;

struct Temporaries {
    std::array<std::array<char, kPathBytes>, kSlots> paths{};
    std::array<volatile std::sig_atomic_t, kSlots> used{};
    int listed = 0;
    std::array<struct sigaction, kSignals.size()> previous{};
    std::array<bool, kSignals.size()> installed{};
};
Temporaries temporaries;

extern "C" void removeTemporaries(int signal)
{
    for (int slot = 0; slot < kSlots; ++slot) {
        if (temporaries.used[slot] != 0) {
            ::unlink(temporaries.paths[slot].data());
        }
    }
    for (std::size_t i = 0; i < kSignals.size(); ++i) {
        if (kSignals[i] == signal) {
            ::sigaction(signal, &temporaries.previous[i], nullptr);
        }
    }
    ::raise(signal);
}

// Keeps the handler from running while the list changes.
class SignalsHeld {
public:
    SignalsHeld()
    {
        sigset_t held;
        sigemptyset(&held);
        for (const int signal : kSignals) {
            sigaddset(&held, signal);
        }
        ::pthread_sigmask(SIG_BLOCK, &held, &before_);
    }
    ~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &before_, nullptr); }
    SignalsHeld(const SignalsHeld&) = delete;
    SignalsHeld& operator=(const SignalsHeld&) = delete;

private:
    sigset_t before_;
};

// Lists `path`; its slot, or -1 when it cannot be listed (then a signal leaves it behind).
int listTemporary(const std::filesystem::path& path)
{
    const std::string& name = path.native();
    if (name.size() >= kPathBytes) {
        return -1;
    }
    SignalsHeld held;
    for (int slot = 0; slot < kSlots; ++slot) {
        if (temporaries.used[slot] == 0) {
            std::memcpy(temporaries.paths[slot].data(), name.c_str(), name.size() + 1);
            temporaries.used[slot] = 1;
            if (temporaries.listed++ == 0) {
                for (std::size_t i = 0; i < kSignals.size(); ++i) {
                    struct sigaction action {};
                    action.sa_handler = removeTemporaries;
                    sigemptyset(&action.sa_mask);
                    ::sigaction(kSignals[i], nullptr, &temporaries.previous[i]);
                    // A signal the process was told to ignore (nohup) stays ignored.
                    temporaries.installed[i] = temporaries.previous[i].sa_handler != SIG_IGN;
                    if (temporaries.installed[i]) {
                        ::sigaction(kSignals[i], &action, nullptr);
                    }
                }
            }
            return slot;
        }
    }
    return -1;
}

void unlistTemporary(int slot)
{
    if (slot < 0) {
        return;
    }
    SignalsHeld held;
    temporaries.used[slot] = 0;
    if (--temporaries.listed == 0) {
        for (std::size_t i = 0; i < kSignals.size(); ++i) {
            if (temporaries.installed[i]) {
                ::sigaction(kSignals[i], &temporaries.previous[i], nullptr);
            }
        }
    }
}

std::string reasonOf(int error) { return std::strerror(error); }

} // namespace

OutputFile::OutputFile(std::filesystem::path path) : path_(std::move(path)), target_(path_)
{
    std::error_code error;
    if (std::filesystem::is_symlink(path_, error)) {
        target_ = std::filesystem::weakly_canonical(path_, error);
        if (error) {
            fail("cannot follow the link: " + error.message());
        }
    }
    struct stat old {};
    const bool exists = ::stat(target_.c_str(), &old) == 0;
    if (!exists && errno != ENOENT) {
        fail(reasonOf(errno));
    }
    if (exists && !S_ISREG(old.st_mode)) {
        // Opened once, as it is (a directory refuses with EISDIR): a FIFO's reader must not see a
        // writer come and go before the text.
        fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd_ < 0) {
            fail(reasonOf(errno));
        }
        return;
    }
    if (exists) {
        // Writable at all? Asked of the file itself, so that the reason is its own.
        const int probe = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
        if (probe < 0) {
            fail(reasonOf(errno));
        }
        ::close(probe);
    }
    static std::atomic<unsigned> made{0};
    const std::string stem = target_.native() + ".tileprof-partial-" + std::to_string(::getpid()) + "-";
    do {
        temporary_ = stem + std::to_string(made++);
        slot_ = listTemporary(temporary_);
        fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd_ < 0) {
            const int reason = errno;
            unlistTemporary(slot_);
            slot_ = -1;
            if (reason != EEXIST) {
                temporary_.clear();
                if (exists) {
                    fail("cannot make a file beside it to replace it whole: " + reasonOf(reason));
                }
                fail(reasonOf(reason));
            }
        }
    } while (fd_ < 0);
    if (exists) {
        ::fchmod(fd_, old.st_mode & 07777); // best effort: the text matters
    }
}

OutputFile::~OutputFile() { discard(); }

void OutputFile::write(std::string_view text)
{
    while (!text.empty()) {
        const ssize_t written = ::write(fd_, text.data(), text.size());
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            fail(reasonOf(errno));
        }
        text.remove_prefix(static_cast<std::size_t>(written));
    }
}

void OutputFile::commit()
{
    if (!temporary_.empty() && ::fsync(fd_) != 0 && errno != EINVAL) {
        fail(reasonOf(errno));
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
        fail(reasonOf(errno));
    }
    if (temporary_.empty()) {
        return;
    }
    if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
        fail(reasonOf(errno));
    }
    unlistTemporary(slot_);
    slot_ = -1;
    temporary_.clear();
}

void OutputFile::discard()
{
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
    if (!temporary_.empty()) {
        ::unlink(temporary_.c_str());
        temporary_.clear();
    }
    unlistTemporary(slot_);
    slot_ = -1;
}

void OutputFile::fail(const std::string& reason)
{
    discard();
    throw InputError(path_.string() + ": cannot write: " + reason);
}

void replaceFile(const std::filesystem::path& path, std::string_view text)
{
    OutputFile file(path);
    file.write(text);
    file.commit();
}

} // namespace tileprof
