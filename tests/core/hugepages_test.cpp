#include "hugepages.h"

#include <QFile>
#include <QString>

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cctype>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

using namespace attnlens;

namespace {

/// Whether the kernel offers transparent huge pages at all (otherwise madvise refuses the advice).
bool kernelHasHugePages()
{
    return QFile::exists(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
}

/// The VmFlags of the mapping that holds `address`, from /proc/self/smaps; nothing if none does.
std::optional<QByteArray> vmFlagsAt(const void *address)
{
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return std::nullopt;
    const auto where = reinterpret_cast<std::uintptr_t>(address);
    bool inside = false;
    for (const QByteArray &line : smaps.readAll().split('\n')) {
        // A mapping's line starts with its range in lower-case hex ("7f12a000-7f12c000 rw-p ...");
        // its fields follow, each a capitalised name and a colon ("VmFlags: rd wr mr ...").
        const int dash = line.indexOf('-');
        const int space = line.indexOf(' ');
        const bool rangeLine = !line.isEmpty() && (std::isdigit(static_cast<unsigned char>(line[0]))
                                                   || (line[0] >= 'a' && line[0] <= 'f'));
        if (rangeLine && dash > 0 && space > dash) {
            bool okBegin = false;
            bool okEnd = false;
            const std::uintptr_t begin = line.left(dash).toULongLong(&okBegin, 16);
            const std::uintptr_t end = line.mid(dash + 1, space - dash - 1).toULongLong(&okEnd, 16);
            inside = okBegin && okEnd && where >= begin && where < end;
        } else if (inside && line.startsWith("VmFlags:")) {
            return line.mid(8).simplified();
        }
    }
    return std::nullopt;
}

bool advisedHuge(const void *address)
{
    const std::optional<QByteArray> flags = vmFlagsAt(address);
    return flags && flags->split(' ').contains("hg");
}

constexpr std::size_t kLarge = std::size_t(12) << 20;

} // namespace

/// A fresh anonymous mapping of its own, so that no earlier allocation's advice is on it.
struct Mapping {
    explicit Mapping(std::size_t size)
        : bytes(size)
        , data(::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
    {
    }
    ~Mapping()
    {
        if (data != MAP_FAILED)
            ::munmap(data, bytes);
    }
    Mapping(const Mapping &) = delete;
    Mapping &operator=(const Mapping &) = delete;
    unsigned char *at(std::size_t offset) const { return static_cast<unsigned char *>(data) + offset; }

    std::size_t bytes;
    void *data;
};

TEST(HugePages, ALargeBufferIsAdvisedAndKeepsItsBytes)
{
    if (!kernelHasHugePages())
        GTEST_SKIP() << "this kernel has no transparent huge pages";
    Mapping buffer(kLarge);
    ASSERT_NE(buffer.data, MAP_FAILED);
    EXPECT_FALSE(advisedHuge(buffer.at(kLarge / 2)));
    for (std::size_t i = 0; i < kLarge; i += 4093)
        *buffer.at(i) = static_cast<unsigned char>(i * 7);
    // Advised off a page boundary, as malloc hands out blocks (after its own header).
    adviseHugePages(buffer.at(16), kLarge - 16);
    EXPECT_TRUE(advisedHuge(buffer.at(kLarge / 2)));
    // Only whole 2 MiB stretches inside the buffer: the first page, which the buffer shares with
    // whatever lies before it, keeps its flags.
    EXPECT_FALSE(advisedHuge(buffer.at(0)));
    for (std::size_t i = 0; i < kLarge; i += 4093)
        ASSERT_EQ(*buffer.at(i), static_cast<unsigned char>(i * 7)) << "byte " << i;
}

TEST(HugePages, ASmallBufferIsLeftAlone)
{
    if (!kernelHasHugePages())
        GTEST_SKIP() << "this kernel has no transparent huge pages";
    const std::size_t bytes = kHugePageAdviceFrom - 4096;
    Mapping buffer(bytes);
    ASSERT_NE(buffer.data, MAP_FAILED);
    adviseHugePages(buffer.data, bytes);
    EXPECT_FALSE(advisedHuge(buffer.at(bytes / 2)));
    adviseHugePages(nullptr, kLarge);  // nothing to advise, and nothing happens
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define ATTNLENS_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define ATTNLENS_TEST_SANITIZED 1
#endif
#endif

TEST(HugePages, TheAllocationFunctionsAdviseWhatTheyHandOut)
{
#if defined(ATTNLENS_TEST_SANITIZED)
    GTEST_SKIP() << "the sanitizers bring their own operator new";
#else
    if (!kernelHasHugePages())
        GTEST_SKIP() << "this kernel has no transparent huge pages";
    // simdjson's buffers come from new[]; the replacement in hugepages.cpp must be the one
    // linked, or a 35 MB scenario is parsed in 4 KiB faults again.
    std::unique_ptr<char[]> large(new char[kLarge]);
    EXPECT_TRUE(advisedHuge(large.get() + kLarge / 2));
    std::unique_ptr<char[]> nothrow(new (std::nothrow) char[kLarge]);
    ASSERT_NE(nothrow.get(), nullptr);
    EXPECT_TRUE(advisedHuge(nothrow.get() + kLarge / 2));
    std::memset(large.get(), 1, kLarge);
    EXPECT_EQ(large[kLarge - 1], 1);
#endif
}
