#pragma once

#include "script/printer.h"
#include "transform/pipeline.h"

#include <QMetaType>

Q_DECLARE_METATYPE(tirx::Span)

// The source map of one trace entry, printed again from the entry's module
// (the Trace keeps only the text). If the reprint differs from the recorded
// text, the map is dropped rather than pointing at the wrong lines.
[[nodiscard]] tirx::PrintedModule sourceMapOf(const tirx::TraceEntry &entry);
