#pragma once

#include <Eigen/Core>

namespace attnlens {

// Rows are tokens (queries, keys, values) and attention is normalised along a row, so row-major
// storage keeps every softmax pass on contiguous memory.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// allowed(i, j) is true when query i may attend to key j.
using Mask = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

using Index = Eigen::Index;

} // namespace attnlens
