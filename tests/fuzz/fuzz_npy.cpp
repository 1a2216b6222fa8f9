// The .npy reader on any bytes (a user names the file with run --input): an
// array or an error, never a crash, a hang or an allocation the file's
// header asks for but its bytes do not hold. An array it reads must encode
// and read back to the same dtype, shape and bytes.

#include "sim/npy.h"

#include <cstdint>
#include <cstdlib>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto read = tirx::sim::parseNpy(std::span<const uint8_t>(data, size));
    if (!read.array) {
        if (read.error.empty()) std::abort(); // a refusal always says why
        return 0;
    }
    std::string error;
    const auto encoded = tirx::sim::encodeNpy(*read.array, &error);
    if (!encoded) return 0;
    const auto again = tirx::sim::parseNpy(*encoded);
    if (!again.array) std::abort(); // the writer wrote what the reader refuses
    const auto& a = *read.array;
    const auto& b = *again.array;
    if (!(a.dtype == b.dtype) || a.shape != b.shape || a.bytes != b.bytes) std::abort();
    return 0;
}
