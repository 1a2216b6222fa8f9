#pragma once

// Runs the real tirx-cli executable (its exit codes and output are the
// interface under test) and collects what it printed.

#include <QProcess>
#include <QString>
#include <QStringList>

#include <sys/resource.h>
#include <unistd.h>

struct CliRun {
    int exitCode = -1; // -1: crashed or did not finish within 30 s
    QString out;
    QString err;
};

inline CliRun runCli(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(TIRX_CLI_PATH), arguments);
    if (!process.waitForFinished(30000)) return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

// The bounds a hostile case runs under, enforced by the kernel rather than
// by the test's clock: CPU seconds (RLIMIT_CPU), wall seconds (an alarm that
// survives exec, so a read blocked on a FIFO ends too) and bytes of address
// space (RLIMIT_AS). A case that overruns is killed by a signal and its
// exitCode is -1. The sanitizer build reserves terabytes of shadow address
// space, so there the address-space bound gives way to peakRssKiB() below.
struct CliLimits {
    int cpuSeconds = 10;
    int wallSeconds = 20;
    rlim_t addressBytes = rlim_t{1} << 30;
};

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressLimitApplies = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressLimitApplies = false;
#else
inline constexpr bool kAddressLimitApplies = true;
#endif
#else
inline constexpr bool kAddressLimitApplies = true;
#endif

inline CliRun runCliLimited(const QStringList& arguments, const CliLimits& limits = {})
{
    QProcess process;
    process.setChildProcessModifier([limits] {
        const rlimit cpu{static_cast<rlim_t>(limits.cpuSeconds), static_cast<rlim_t>(limits.cpuSeconds)};
        ::setrlimit(RLIMIT_CPU, &cpu);
        if (kAddressLimitApplies) {
            const rlimit address{limits.addressBytes, limits.addressBytes};
            ::setrlimit(RLIMIT_AS, &address);
        }
        ::alarm(static_cast<unsigned>(limits.wallSeconds));
    });
    process.start(QStringLiteral(TIRX_CLI_PATH), arguments);
    // Only a safety net: the alarm ends the child well before this.
    if (!process.waitForFinished((limits.wallSeconds + 30) * 1000)) return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

// The resident memory a bounded case may reach, in KiB. AddressSanitizer's
// shadow memory and redzones make a run keep about three times as much
// resident (283 MB for a layout case that needs 140 MB without it).
inline constexpr long kPeakRssBoundKiB = kAddressLimitApplies ? 256 * 1024 : 768 * 1024;

// The largest peak resident set of the children this test has waited for,
// in KiB: the memory bound that holds in the sanitizer build as well.
inline long peakRssKiB()
{
    rusage usage{};
    ::getrusage(RUSAGE_CHILDREN, &usage);
    return usage.ru_maxrss;
}
