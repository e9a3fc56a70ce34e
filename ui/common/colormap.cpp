#include "colormap.h"

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

constexpr int kTableSize = 256;

/// A colour of a scale at a position given as an index of matplotlib's 256-entry table
/// (0..255), channels in 0..1 as matplotlib lists them.
struct ControlPoint {
    double index;
    double r;
    double g;
    double b;
};

// matplotlib's "YlGnBu" is ColorBrewer's 9-class YlGnBu, evenly spaced and interpolated linearly
// in RGB: ffffd9 edf8b1 c7e9b4 7fcdbb 41b6c4 1d91c0 225ea8 253494 081d58.
constexpr ControlPoint kYlGnBu[] = {
    {0.0 * 255 / 8, 0xff / 255.0, 0xff / 255.0, 0xd9 / 255.0},
    {1.0 * 255 / 8, 0xed / 255.0, 0xf8 / 255.0, 0xb1 / 255.0},
    {2.0 * 255 / 8, 0xc7 / 255.0, 0xe9 / 255.0, 0xb4 / 255.0},
    {3.0 * 255 / 8, 0x7f / 255.0, 0xcd / 255.0, 0xbb / 255.0},
    {4.0 * 255 / 8, 0x41 / 255.0, 0xb6 / 255.0, 0xc4 / 255.0},
    {5.0 * 255 / 8, 0x1d / 255.0, 0x91 / 255.0, 0xc0 / 255.0},
    {6.0 * 255 / 8, 0x22 / 255.0, 0x5e / 255.0, 0xa8 / 255.0},
    {7.0 * 255 / 8, 0x25 / 255.0, 0x34 / 255.0, 0x94 / 255.0},
    {8.0 * 255 / 8, 0x08 / 255.0, 0x1d / 255.0, 0x58 / 255.0},
};

// Every fifth entry of matplotlib's 256-entry viridis table (van der Walt and Smith, CC0);
// linear interpolation between them stays within one 8-bit level of the full table.
constexpr ControlPoint kViridis[] = {
    {0, 0.267004, 0.004874, 0.329415},   {5, 0.273809, 0.031497, 0.358853},
    {10, 0.278791, 0.062145, 0.386592},  {15, 0.281924, 0.089666, 0.412415},
    {20, 0.283197, 0.115680, 0.436115},  {25, 0.282623, 0.140926, 0.457517},
    {30, 0.280255, 0.165693, 0.476498},  {35, 0.276194, 0.190074, 0.493001},
    {40, 0.270595, 0.214069, 0.507052},  {45, 0.263663, 0.237631, 0.518762},
    {50, 0.255645, 0.260703, 0.528312},  {55, 0.246811, 0.283237, 0.535941},
    {60, 0.237441, 0.305202, 0.541921},  {65, 0.227802, 0.326594, 0.546532},
    {70, 0.218130, 0.347432, 0.550038},  {75, 0.208623, 0.367752, 0.552675},
    {80, 0.199430, 0.387607, 0.554642},  {85, 0.190631, 0.407061, 0.556089},
    {90, 0.182256, 0.426184, 0.557120},  {95, 0.174274, 0.445044, 0.557792},
    {100, 0.166617, 0.463708, 0.558119}, {105, 0.159194, 0.482237, 0.558073},
    {110, 0.151918, 0.500685, 0.557587}, {115, 0.144759, 0.519093, 0.556572},
    {120, 0.137770, 0.537492, 0.554906}, {125, 0.131172, 0.555899, 0.552459},
    {130, 0.125394, 0.574318, 0.549086}, {135, 0.121148, 0.592739, 0.544641},
    {140, 0.119423, 0.611141, 0.538982}, {145, 0.121380, 0.629492, 0.531973},
    {150, 0.128087, 0.647749, 0.523491}, {155, 0.140210, 0.665859, 0.513427},
    {160, 0.157851, 0.683765, 0.501686}, {165, 0.180653, 0.701402, 0.488189},
    {170, 0.208030, 0.718701, 0.472873}, {175, 0.239374, 0.735588, 0.455688},
    {180, 0.274149, 0.751988, 0.436601}, {185, 0.311925, 0.767822, 0.415586},
    {190, 0.352360, 0.783011, 0.392636}, {195, 0.395174, 0.797475, 0.367757},
    {200, 0.440137, 0.811138, 0.340967}, {205, 0.487026, 0.823929, 0.312321},
    {210, 0.535621, 0.835785, 0.281908}, {215, 0.585678, 0.846661, 0.249897},
    {220, 0.636902, 0.856542, 0.216620}, {225, 0.688944, 0.865448, 0.182725},
    {230, 0.741388, 0.873449, 0.149561}, {235, 0.793760, 0.880678, 0.120005},
    {240, 0.845561, 0.887322, 0.099702}, {245, 0.896320, 0.893616, 0.096335},
    {250, 0.945636, 0.899815, 0.112838}, {255, 0.993248, 0.906157, 0.143936},
};

// Every fifth entry of matplotlib's 256-entry cividis table (Nuñez, Anderton and Renslow), plus
// the entries where its red channel leaves zero and where it ends in a kink.
constexpr ControlPoint kCividis[] = {
    {0, 0.000000, 0.135112, 0.304751},   {5, 0.000000, 0.149791, 0.337065},
    {10, 0.000000, 0.163058, 0.371608},  {15, 0.000000, 0.176082, 0.407577},
    {19, 0.000000, 0.186915, 0.435532},  {20, 0.000000, 0.188769, 0.439563},
    {22, 0.000000, 0.193366, 0.441561},  {25, 0.032110, 0.201199, 0.440785},
    {30, 0.087465, 0.214879, 0.437342},  {35, 0.124291, 0.228697, 0.433547},
    {40, 0.154261, 0.242475, 0.430120},  {45, 0.180503, 0.256180, 0.427299},
    {50, 0.204385, 0.269823, 0.425126},  {55, 0.226598, 0.283419, 0.423678},
    {60, 0.247605, 0.296986, 0.422917},  {65, 0.267693, 0.310542, 0.422821},
    {70, 0.287065, 0.324103, 0.423373},  {75, 0.305886, 0.337681, 0.424512},
    {80, 0.324250, 0.351289, 0.426250},  {85, 0.342246, 0.364939, 0.428559},
    {90, 0.359916, 0.378641, 0.431501},  {95, 0.377371, 0.392404, 0.434890},
    {100, 0.394568, 0.406236, 0.438986}, {105, 0.411607, 0.420145, 0.443577},
    {110, 0.428462, 0.434140, 0.448864}, {115, 0.445148, 0.448226, 0.454885},
    {120, 0.461616, 0.462405, 0.461969}, {125, 0.478186, 0.476699, 0.468845},
    {130, 0.495913, 0.491076, 0.471751}, {135, 0.514226, 0.505546, 0.472640},
    {140, 0.532829, 0.520135, 0.472401}, {145, 0.551612, 0.534849, 0.471439},
    {150, 0.570607, 0.549695, 0.469593}, {155, 0.589753, 0.564682, 0.467090},
    {160, 0.609105, 0.579816, 0.463638}, {165, 0.628576, 0.595104, 0.459641},
    {170, 0.648222, 0.610553, 0.454801}, {175, 0.668008, 0.626171, 0.449270},
    {180, 0.687957, 0.641966, 0.442886}, {185, 0.708067, 0.657942, 0.435647},
    {190, 0.728334, 0.674107, 0.427554}, {195, 0.748772, 0.690470, 0.418448},
    {200, 0.769353, 0.707035, 0.408516}, {205, 0.790116, 0.723810, 0.397423},
    {210, 0.811054, 0.740801, 0.385198}, {215, 0.832192, 0.758014, 0.371529},
    {220, 0.853515, 0.775454, 0.356500}, {225, 0.875057, 0.793125, 0.339685},
    {230, 0.896818, 0.811030, 0.320982}, {235, 0.918828, 0.829168, 0.299960},
    {240, 0.941147, 0.847530, 0.275815}, {245, 0.963872, 0.866089, 0.247445},
    {250, 0.987293, 0.884718, 0.213336}, {251, 0.992218, 0.888385, 0.205468},
    {255, 0.995737, 0.909344, 0.217772},
};

// White for 0 and black for 1, like matplotlib's "Greys": low weights stay light, as in YlGnBu.
constexpr ControlPoint kGrayscale[] = {
    {0, 1.0, 1.0, 1.0},
    {255, 0.0, 0.0, 0.0},
};

// ColorBrewer's 11-class RdBu (Brewer, Harrower; colour-blind safe), reversed: 053061 2166ac
// 4393c3 92c5de d1e5f0 f7f7f7 fddbc7 f4a582 d6604d b2182b 67001f. Each half has its own five
// steps (0..127 and 128..255), so the neutral f7f7f7 is both middle entries and the halves
// mirror each other.
constexpr ControlPoint kBlueRed[] = {
    {0.0, 0x05 / 255.0, 0x30 / 255.0, 0x61 / 255.0},
    {1 * 127.0 / 5, 0x21 / 255.0, 0x66 / 255.0, 0xac / 255.0},
    {2 * 127.0 / 5, 0x43 / 255.0, 0x93 / 255.0, 0xc3 / 255.0},
    {3 * 127.0 / 5, 0x92 / 255.0, 0xc5 / 255.0, 0xde / 255.0},
    {4 * 127.0 / 5, 0xd1 / 255.0, 0xe5 / 255.0, 0xf0 / 255.0},
    {127.0, 0xf7 / 255.0, 0xf7 / 255.0, 0xf7 / 255.0},
    {128.0, 0xf7 / 255.0, 0xf7 / 255.0, 0xf7 / 255.0},
    {255 - 4 * 127.0 / 5, 0xfd / 255.0, 0xdb / 255.0, 0xc7 / 255.0},
    {255 - 3 * 127.0 / 5, 0xf4 / 255.0, 0xa5 / 255.0, 0x82 / 255.0},
    {255 - 2 * 127.0 / 5, 0xd6 / 255.0, 0x60 / 255.0, 0x4d / 255.0},
    {255 - 1 * 127.0 / 5, 0xb2 / 255.0, 0x18 / 255.0, 0x2b / 255.0},
    {255.0, 0x67 / 255.0, 0x00 / 255.0, 0x1f / 255.0},
};

int toByte(double channel)
{
    return std::clamp(static_cast<int>(std::lround(channel * 255.0)), 0, 255);
}

template <size_t N>
QVector<QRgb> interpolateTable(const ControlPoint (&points)[N])
{
    QVector<QRgb> table(kTableSize);
    size_t segment = 0;
    for (int i = 0; i < kTableSize; ++i) {
        while (segment + 2 < N && points[segment + 1].index < i)
            ++segment;
        const ControlPoint &a = points[segment];
        const ControlPoint &b = points[segment + 1];
        const double f = std::clamp((i - a.index) / (b.index - a.index), 0.0, 1.0);
        table[i] = qRgb(toByte(a.r + f * (b.r - a.r)), toByte(a.g + f * (b.g - a.g)),
                        toByte(a.b + f * (b.b - a.b)));
    }
    return table;
}

QVector<QRgb> tableFor(ColorMap::Kind kind)
{
    switch (kind) {
    case ColorMap::Kind::YlGnBu:
        return interpolateTable(kYlGnBu);
    case ColorMap::Kind::Viridis:
        return interpolateTable(kViridis);
    case ColorMap::Kind::Cividis:
        return interpolateTable(kCividis);
    case ColorMap::Kind::Grayscale:
        return interpolateTable(kGrayscale);
    case ColorMap::Kind::BlueRed:
        return interpolateTable(kBlueRed);
    }
    return interpolateTable(kYlGnBu);
}

} // namespace

double ColorMap::relativeLuminance(QRgb rgb)
{
    auto linear = [](int channel) {
        const double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(qRed(rgb)) + 0.7152 * linear(qGreen(rgb)) + 0.0722 * linear(qBlue(rgb));
}

ColorMap::ColorMap(Kind kind)
    : m_kind(kind)
{
    // The tables are built once per kind and shared (QVector is implicitly shared).
    static const QVector<QRgb> tables[] = {tableFor(Kind::YlGnBu), tableFor(Kind::Viridis),
                                           tableFor(Kind::Cividis), tableFor(Kind::Grayscale),
                                           tableFor(Kind::BlueRed)};
    m_table = tables[static_cast<int>(kind)];
}

const ColorMap &ColorMap::diverging()
{
    static const ColorMap map(Kind::BlueRed);
    return map;
}

QColor ColorMap::textColorOn(QRgb fill)
{
    const double luminance = relativeLuminance(fill);
    const double contrastWithBlack = (luminance + 0.05) / 0.05;
    const double contrastWithWhite = 1.05 / (luminance + 0.05);
    return contrastWithBlack >= contrastWithWhite ? QColor(Qt::black) : QColor(Qt::white);
}

QList<ColorMap::Kind> ColorMap::allKinds()
{
    return {Kind::YlGnBu, Kind::Viridis, Kind::Cividis, Kind::Grayscale};
}

QString ColorMap::id(Kind kind)
{
    switch (kind) {
    case Kind::YlGnBu:
        return QStringLiteral("YlGnBu");
    case Kind::Viridis:
        return QStringLiteral("viridis");
    case Kind::Cividis:
        return QStringLiteral("cividis");
    case Kind::Grayscale:
        return QStringLiteral("grayscale");
    case Kind::BlueRed:
        return QStringLiteral("RdBu_r");
    }
    return QString();
}

QString ColorMap::displayName(Kind kind)
{
    switch (kind) {
    case Kind::YlGnBu:
        return QStringLiteral("Yellow-Green-Blue (YlGnBu)");
    case Kind::Viridis:
        return QStringLiteral("Viridis");
    case Kind::Cividis:
        return QStringLiteral("Cividis (colour-vision friendly)");
    case Kind::Grayscale:
        return QStringLiteral("Grayscale");
    case Kind::BlueRed:
        return QStringLiteral("Blue-White-Red (RdBu, diverging)");
    }
    return QString();
}

std::optional<ColorMap::Kind> ColorMap::fromId(const QString &id)
{
    for (Kind kind : allKinds()) {
        if (id.compare(ColorMap::id(kind), Qt::CaseInsensitive) == 0)
            return kind;
    }
    return std::nullopt;
}

} // namespace attnlens
