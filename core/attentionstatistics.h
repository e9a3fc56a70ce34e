#pragma once

#include "matrixtypes.h"

namespace attnlens {

/// Shannon entropy H = -sum_j w_j ln w_j of one row of attention weights, in nats (natural
/// logarithm). Masked keys have weight exactly 0 and contribute nothing (0 ln 0 = 0), so H ranges
/// from 0 (all weight on one key) to ln k for k allowed keys sharing the weight equally.
double rowEntropy(const Eigen::Ref<const Eigen::RowVectorXd> &weights);

/// e^H: how many keys would share the weight equally to give the same entropy; 1 for a one-hot
/// row, k for a uniform row over k keys. Lower temperature sharpens the row and lowers it.
double effectiveKeyCount(double entropyNats);

} // namespace attnlens
