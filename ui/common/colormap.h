#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QVector>

#include <algorithm>
#include <optional>

namespace attnlens {

/// A perceptual colour scale: 0 maps to the first colour, 1 to the last.
/// The look-up table has 256 entries so heatmap images can be filled with one index per cell.
///
/// YlGnBu, viridis, cividis and grayscale are sequential (for weights, 0..1) and are the user's
/// choice (allKinds()). BlueRed is the one diverging map, for signed quantities on a scale
/// symmetric about 0 (the scaled scores): ColorBrewer's colour-blind-safe RdBu, reversed so that
/// negative is blue and positive red; entries 127 and 128 are the same near-white, so 0 is
/// neutral, and entry i and entry 255 - i are equally far from it on opposite hues.
class ColorMap {
public:
    enum class Kind { YlGnBu, Viridis, Cividis, Grayscale, BlueRed };

    explicit ColorMap(Kind kind = Kind::YlGnBu);

    /// The diverging map of signed values (Kind::BlueRed).
    static const ColorMap &diverging();

    Kind kind() const { return m_kind; }
    bool isDiverging() const { return m_kind == Kind::BlueRed; }
    /// The colour of t, clamped to [0, 1].
    QRgb rgbAt(double t) const { return m_table[indexAt(t)]; }
    /// The table index of t: floor(256 t) clamped to 0..255, as matplotlib bins (NaN gives 0).
    static int indexAt(double t)
    {
        if (!(t > 0.0))
            return 0;
        return t >= 1.0 ? 255 : std::min(static_cast<int>(t * 256.0), 255);
    }
    QColor colorAt(double t) const { return QColor::fromRgb(rgbAt(t)); }
    /// 256 colours from t = 0 to t = 1.
    const QVector<QRgb> &table() const { return m_table; }

    /// Black or white, whichever reads better on top of `fill` (by WCAG contrast ratio).
    static QColor textColorOn(QRgb fill);
    /// WCAG 2 relative luminance of an sRGB colour, 0 for black to 1 for white.
    static double relativeLuminance(QRgb rgb);

    /// The sequential maps the user chooses from (the diverging one is not among them).
    static QList<Kind> allKinds();
    /// Stable identifier used in settings and on the command line: "YlGnBu", "viridis", ...
    static QString id(Kind kind);
    /// The name shown in menus.
    static QString displayName(Kind kind);
    static std::optional<Kind> fromId(const QString &id);

private:
    Kind m_kind;
    QVector<QRgb> m_table;
};

} // namespace attnlens
