#pragma once

#include "transform/pipeline.h"

#include <QObject>

#include <memory>

class QTimer;

// Paces the partial Traces of a running lowering on their way to the
// window: the newest is shown at most once per kIntervalMs, and none once the
// complete Trace has come. A lowering slower than the interval still fills
// the pass list in as its passes finish; one that finishes within it (an
// edit of any bundled example) redraws the pass list, the diff and the IR
// once per edit rather than once per pass, each time for a pass that is
// replaced a few milliseconds later. bench_workbench fixed:2: the main
// thread's CPU time per edit fell from about 18 to 11 ms (with the diff and
// the IR view skipping a text they already show).
class TraceThrottle : public QObject {
    Q_OBJECT

public:
    static constexpr int kIntervalMs = 50;

    explicit TraceThrottle(QObject* parent = nullptr);

    // Keeps `partial` as the one to show, replacing any older one; it is
    // emitted by partialDue when the interval runs out.
    void offer(std::shared_ptr<const tirx::Trace> partial);
    // Drops the partial Trace waiting to be shown (the complete one came,
    // or the Trace was forgotten).
    void cancel();
    [[nodiscard]] bool hasPending() const { return m_pending != nullptr; }

signals:
    void partialDue(std::shared_ptr<const tirx::Trace> partial);

private:
    void release();

    QTimer* m_timer;
    std::shared_ptr<const tirx::Trace> m_pending;
};
