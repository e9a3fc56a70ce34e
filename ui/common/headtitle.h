#pragma once

#include <QString>

namespace attnlens {

class AttentionModel;

/// The selected head as titles and captions name it: "head 2" for a head without a name of its
/// own, "head 1 “previous token”" for a named one; empty for a one-head scenario, whose titles
/// read as they always did (AttentionModel::headTitle()).
QString headTag(const AttentionModel &model);

/// `title` followed by headTag(): "Heatmap — head 2 “subject”"; `title` alone for one head.
QString withHeadTag(const QString &title, const AttentionModel &model);

} // namespace attnlens
