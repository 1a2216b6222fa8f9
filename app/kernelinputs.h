#pragma once

#include "transform/pipeline.h"

#include <QStringList>

#include <optional>

// The input parameters of the kernel a run would use: the device kernel of
// the trace's last module. Nullopt while there is none (no trace, a failed
// one, no kernel function), so a dock keeps the list it shows.
[[nodiscard]] std::optional<QStringList> kernelInputNames(const tirx::Trace* trace);
