#pragma once

#include <cstdint>

namespace tirx::sim {

// sum[i, j] = Σ_k lhs[k, i] · rhs[k, j] for a row-major [K, M] lhs and
// [K, N] rhs, into a row-major [M, N] sum (overwritten): the products are
// added in increasing k, each rounded to float32 before it is added to a
// float32 sum that starts at +0, never fused into a multiply-add, so every
// tiling and every instruction set gives the same bits as the plain triple
// loop.
//
// Speed trick "register tiles": a block of 6 rows × 16 columns of sum stays
// in vector registers across all of k, so the inner loop loads one rhs row
// chunk and six lhs values per k and stores nothing; the sum is written
// once. On x86 with AVX2 the same code runs eight lanes wide (chosen at run
// time); elsewhere four. bench_sim's matmul went from 2.6 to about 28 G
// multiply-adds per second of CPU time (the four-lane version alone: 12 to
// 16 G).
void matmulKernel(const float* lhs, const float* rhs, float* sum, int64_t K, int64_t M, int64_t N);
// The four-lane version matmulKernel falls back to without AVX2; public so
// that tests check it on machines that have AVX2 too.
void matmulKernelFourLanes(const float* lhs, const float* rhs, float* sum, int64_t K, int64_t M, int64_t N);

} // namespace tirx::sim
