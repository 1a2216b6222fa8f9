#include "kernelinputs.h"

#include "sim/kernel_args.h"

std::optional<QStringList> kernelInputNames(const tirx::Trace* trace)
{
    if (!trace || trace->entries.empty() || trace->failed()) return std::nullopt;
    const auto kernel = tirx::sim::kernelFunction(*trace->entries.back()->module, {}, nullptr);
    if (!kernel) return std::nullopt;
    QStringList names;
    for (const auto& p : tirx::sim::kernelArguments(*kernel).inputs) names << QString::fromStdString(p->name());
    return names;
}
