#pragma once

#include <QString>

namespace attnlens::worked {

/// The operators of a worked computation, spaced as the page sets them (shared by the composer's
/// files for scaled dot-product and for the other score functions).
inline const QString kTimes = QStringLiteral("\u00d7");
inline const QString kPlus = QStringLiteral(" + ");
inline const QString kEquals = QStringLiteral(" = ");

} // namespace attnlens::worked
