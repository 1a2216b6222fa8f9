#include "sim/matmul_kernel.h"

#include <cstring>

namespace tirx::sim {

namespace {

using Lanes4 = float __attribute__((vector_size(16)));
using Lanes8 = float __attribute__((vector_size(32)));

constexpr int kRows = 6;    // rows of a register tile
constexpr int kVectors = 2; // vectors per row of a register tile

// Rows [i0, i0 + R) × columns [j0, j0 + V · lanes) of sum.
template <class Vec, int R, int V>
[[gnu::always_inline]] inline void tile(const float* lhs, const float* rhs, float* sum, int64_t K, int64_t M, int64_t N,
                                        int64_t i0, int64_t j0)
{
    constexpr int kLanes = sizeof(Vec) / sizeof(float);
    // Every loop over the tile is unrolled, or the accumulators live on
    // the stack instead of in registers.
    Vec acc[R][V];
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r) {
#pragma GCC unroll 16
        for (int v = 0; v < V; ++v) acc[r][v] = Vec{};
    }
    const float* a = lhs + i0;
    const float* b = rhs + j0;
    for (int64_t k = 0; k < K; ++k, a += M, b += N) {
        Vec row[V];
#pragma GCC unroll 16
        for (int v = 0; v < V; ++v) std::memcpy(&row[v], b + v * kLanes, sizeof(Vec));
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r) {
            const float x = a[r]; // a scalar operand is broadcast to every lane
#pragma GCC unroll 16
            for (int v = 0; v < V; ++v) {
                const Vec product = x * row[v];
                acc[r][v] += product;
            }
        }
    }
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r) {
#pragma GCC unroll 16
        for (int v = 0; v < V; ++v) std::memcpy(sum + (i0 + r) * N + j0 + v * kLanes, &acc[r][v], sizeof(Vec));
    }
}

// Rows [i0, i0 + R) of sum: whole tiles, then one vector at a time, then
// the last columns one by one.
template <class Vec, int R>
[[gnu::always_inline]] inline void rows(const float* lhs, const float* rhs, float* sum, int64_t K, int64_t M, int64_t N,
                                        int64_t i0)
{
    constexpr int kLanes = sizeof(Vec) / sizeof(float);
    int64_t j0 = 0;
    for (; j0 + kVectors * kLanes <= N; j0 += kVectors * kLanes) tile<Vec, R, kVectors>(lhs, rhs, sum, K, M, N, i0, j0);
    for (; j0 + kLanes <= N; j0 += kLanes) tile<Vec, R, 1>(lhs, rhs, sum, K, M, N, i0, j0);
    for (; j0 < N; ++j0) {
        for (int r = 0; r < R; ++r) {
            float acc = 0.0f;
            for (int64_t k = 0; k < K; ++k) {
                const float product = lhs[k * M + i0 + r] * rhs[k * N + j0];
                acc += product;
            }
            sum[(i0 + r) * N + j0] = acc;
        }
    }
}

template <class Vec>
[[gnu::always_inline]] inline void blocks(const float* lhs, const float* rhs, float* sum, int64_t K, int64_t M,
                                          int64_t N)
{
    int64_t i0 = 0;
    for (; i0 + kRows <= M; i0 += kRows) rows<Vec, kRows>(lhs, rhs, sum, K, M, N, i0);
    for (; i0 < M; ++i0) rows<Vec, 1>(lhs, rhs, sum, K, M, N, i0);
}

#if defined(__x86_64__)
// AVX2 alone, not FMA: the compiler may not fuse a product into its sum.
[[gnu::target("avx2")]] void wide(const float* lhs, const float* rhs, float* sum, int64_t K, int64_t M, int64_t N)
{
    blocks<Lanes8>(lhs, rhs, sum, K, M, N);
}
#endif

} // namespace

void matmulKernel(const float* lhs, const float* rhs, float* sum, int64_t K, int64_t M, int64_t N)
{
#if defined(__x86_64__)
    static const bool hasAvx2 = __builtin_cpu_supports("avx2");
    if (hasAvx2) {
        wide(lhs, rhs, sum, K, M, N);
        return;
    }
#endif
    matmulKernelFourLanes(lhs, rhs, sum, K, M, N);
}

void matmulKernelFourLanes(const float* lhs, const float* rhs, float* sum, int64_t K, int64_t M, int64_t N)
{
    blocks<Lanes4>(lhs, rhs, sum, K, M, N);
}

} // namespace tirx::sim
