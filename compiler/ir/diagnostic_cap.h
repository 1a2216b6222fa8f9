#pragma once

#include "ir/diagnostic.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tirx {

// Keeps the first `limit` diagnostics of one kind and counts the rest, so a
// check that finds the same problem N times (N² overlapping pairs) reports a
// readable few and one note: "… and 4,990 more overlaps". finish() adds the
// note; a check can test full() to skip building messages nobody will read.
class DiagnosticCap {
public:
    // `what` names the kind in the plural ("overlaps").
    DiagnosticCap(std::vector<Diagnostic>& out, std::string what, size_t limit = kDefaultLimit);
    void add(Diagnostic d);
    // Counts `n` more of the kind that were found but never built.
    void addUncounted(size_t n) { m_dropped += n; }
    [[nodiscard]] bool full() const { return m_kept >= m_limit; }
    [[nodiscard]] size_t dropped() const { return m_dropped; }
    // Appends the note on the dropped ones, at the last kept one's location,
    // when any were dropped.
    void finish();

    static constexpr size_t kDefaultLimit = 10;

private:
    std::vector<Diagnostic>& m_out;
    std::string m_what;
    size_t m_limit;
    size_t m_kept = 0;
    size_t m_dropped = 0;
    Span m_lastSpan;
};

// 4990 -> "4,990".
[[nodiscard]] std::string withThousands(size_t n);

} // namespace tirx
