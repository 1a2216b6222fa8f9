#include "irview/tracesourcemap.h"

tirx::PrintedModule sourceMapOf(const tirx::TraceEntry &entry)
{
    if (!entry.module)
        return {entry.text, {}};
    tirx::PrintedModule printed = tirx::printModuleWithSourceMap(*entry.module);
    if (printed.text != entry.text)
        return {entry.text, {}};
    return printed;
}
