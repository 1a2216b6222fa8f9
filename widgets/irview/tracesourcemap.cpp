#include "irview/tracesourcemap.h"

tirx::PrintedModule sourceMapOf(const tirx::TraceEntry& entry)
{
    if (!entry.module) return {entry.text, {}};
    tirx::PrintedModule printed = tirx::printModuleWithSourceMap(*entry.module);
    if (printed.text != entry.text) return {entry.text, {}};
    return printed;
}

void LazySourceMap::setEntry(const tirx::TraceEntry& entry)
{
    m_entry = {};
    m_entry.module = entry.module;
    m_entry.text = entry.text;
    m_map.reset();
}

void LazySourceMap::clear()
{
    m_entry = {};
    m_map = tirx::PrintedModule{};
}

const tirx::PrintedModule& LazySourceMap::map() const
{
    if (!m_map) m_map = sourceMapOf(m_entry);
    return *m_map;
}
