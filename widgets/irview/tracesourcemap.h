#pragma once

#include "script/printer.h"
#include "transform/pipeline.h"

#include <QMetaType>

#include <optional>

Q_DECLARE_METATYPE(tirx::Span)

// The source map of one trace entry, printed again from the entry's module
// (the Trace keeps only the text). If the reprint differs from the recorded
// text, the map is dropped rather than pointing at the wrong lines.
[[nodiscard]] tirx::PrintedModule sourceMapOf(const tirx::TraceEntry& entry);

// A trace entry's source map, printed the first time it is asked for: a view
// steps through many passes and maps lines of only a few.
class LazySourceMap {
public:
    void setEntry(const tirx::TraceEntry& entry);
    void clear();
    [[nodiscard]] const tirx::PrintedModule& map() const;

private:
    tirx::TraceEntry m_entry; // module and text; the rest is not needed
    mutable std::optional<tirx::PrintedModule> m_map;
};
