#include "attentionstatistics.h"

#include <cmath>

namespace attnlens {

double rowEntropy(const Eigen::Ref<const Eigen::RowVectorXd> &weights)
{
    double entropy = 0.0;
    for (Index j = 0; j < weights.size(); ++j) {
        const double w = weights(j);
        if (w > 0.0)
            entropy -= w * std::log(w);
    }
    // Rounding can leave a one-hot row at -0.0 or a hair below zero; entropy is never negative.
    return entropy > 0.0 ? entropy : 0.0;
}

double effectiveKeyCount(double entropyNats)
{
    return std::exp(entropyNats);
}

} // namespace attnlens
