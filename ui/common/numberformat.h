#pragma once

#include <QString>

namespace attnlens {

/// How every number is written in the views: a compact fixed-point form for cells, labels and
/// worked calculations, and the full round-trip form for tooltips.
///
/// Negative numbers get a typographic minus sign (U+2212), and a value that rounds to zero is
/// written without a sign, so "−0.0000" never appears.
QString formatCompact(double value, int decimals = 4);

/// Text that reads back as exactly the same double (17 significant digits, ASCII minus).
QString formatFull(double value);

/// A number from the user's input (a matrix entry, the temperature) written as short as it is:
/// 1, 0.5, −3.25; more than `decimals` decimals are rounded.
QString formatInput(double value, int decimals = 4);

} // namespace attnlens
