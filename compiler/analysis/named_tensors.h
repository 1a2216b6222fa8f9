#pragma once

#include "ir/function.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// A tensor a module names: a parameter, an allocation or a declared view.
struct NamedTensor {
    std::string function;
    std::string name;
    TensorTypeRef type;
    Span definition;
};

// Every named tensor, function by function, parameters first, then the
// body's tensor bindings in program order.
[[nodiscard]] std::vector<NamedTensor> namedTensors(const Module& module);

// The first tensor called `name`; nullopt when none is.
[[nodiscard]] std::optional<NamedTensor> findNamedTensor(const Module& module, std::string_view name);

} // namespace tirx
