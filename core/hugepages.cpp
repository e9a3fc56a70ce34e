#include "hugepages.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace attnlens {

void adviseHugePages(void *data, std::size_t bytes) noexcept
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHugePage = std::uintptr_t(2) << 20;
    if (data == nullptr || bytes < kHugePageAdviceFrom)
        return;
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t begin = (start + kHugePage - 1) & ~(kHugePage - 1);
    const std::uintptr_t end = (start + bytes) & ~(kHugePage - 1);
    if (end > begin)
        ::madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace attnlens

// simdjson's parser takes its buffers (about twice the size of the text) with `new[]`; these
// replacements of the global allocation functions advise any block of 4 MiB or more, whoever
// asks for it. Everything else about them is the standard library's: malloc, and
// std::bad_alloc (or nullptr) when it fails. The sanitizers bring their own.
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define ATTNLENS_SANITIZED_ALLOCATION 1
#endif
#endif
#else
#define ATTNLENS_SANITIZED_ALLOCATION 1
#endif

#if !defined(ATTNLENS_SANITIZED_ALLOCATION)
#include <cstdlib>
#include <new>

namespace {

void *allocateAdvised(std::size_t bytes) noexcept
{
    void *block = std::malloc(bytes == 0 ? 1 : bytes);
    if (block != nullptr && bytes >= attnlens::kHugePageAdviceFrom)
        attnlens::adviseHugePages(block, bytes);
    return block;
}

void *allocateOrThrow(std::size_t bytes)
{
    for (;;) {
        if (void *block = allocateAdvised(bytes))
            return block;
        std::new_handler handler = std::get_new_handler();
        if (handler == nullptr)
            throw std::bad_alloc();
        handler();
    }
}

} // namespace

void *operator new(std::size_t bytes) { return allocateOrThrow(bytes); }
void *operator new[](std::size_t bytes) { return allocateOrThrow(bytes); }
void *operator new(std::size_t bytes, const std::nothrow_t &) noexcept
{
    try {
        return allocateOrThrow(bytes);
    } catch (...) {
        return nullptr;
    }
}
void *operator new[](std::size_t bytes, const std::nothrow_t &) noexcept
{
    try {
        return allocateOrThrow(bytes);
    } catch (...) {
        return nullptr;
    }
}
void operator delete(void *block) noexcept { std::free(block); }
void operator delete[](void *block) noexcept { std::free(block); }
void operator delete(void *block, std::size_t) noexcept { std::free(block); }
void operator delete[](void *block, std::size_t) noexcept { std::free(block); }
void operator delete(void *block, const std::nothrow_t &) noexcept { std::free(block); }
void operator delete[](void *block, const std::nothrow_t &) noexcept { std::free(block); }
#endif
