#include "theme.h"

namespace attnlens {

namespace {

QColor rgb(QRgb value)
{
    return QColor::fromRgb(value);
}

void setAllGroups(QPalette &palette, QPalette::ColorRole role, const QColor &color)
{
    palette.setColor(QPalette::Active, role, color);
    palette.setColor(QPalette::Inactive, role, color);
    palette.setColor(QPalette::Disabled, role, color);
}

// Light keeps the grid's classic look (its own greys, lighter than a heatmap's masked cells);
// the others take the theme's masked and warning colours.
Theme::MaskGridColors maskGridColors(Theme::Kind kind)
{
    switch (kind) {
    case Theme::Kind::Light:
        return {rgb(0x1d91c0), Qt::white,     rgb(0xe4e4e4), rgb(0xa8a8a8), rgb(0x808080),
                rgb(0xf6d5d5), rgb(0xc01c28), rgb(0xe01020), rgb(0x222222), Qt::white};
    case Theme::Kind::Dark:
        // The allowed blue lifted a little so that it glows on the dark plane; the refused
        // outlines are the theme's soft warning red.
        return {rgb(0x2a9fd6), Qt::white,     rgb(0x353b43), rgb(0x8b949e), rgb(0x8b949e),
                rgb(0x3d2426), rgb(0xef6a6a), rgb(0xff5c5c), rgb(0xffd54f), Qt::white};
    case Theme::Kind::Projector:
        // Deeper blue and darker greys: a beamer washes pale colours out.
        return {rgb(0x0a7fb5), Qt::white,     rgb(0xd8d8d8), rgb(0x505050), rgb(0x505050),
                rgb(0xffe3e0), rgb(0xc00000), rgb(0xe00000), rgb(0x000000), Qt::white};
    }
    return {};
}

Theme::MatrixColors matrixColors(Theme::Kind kind)
{
    // ColorBrewer's RdBu ends around a near-white 0, the same in every theme.
    const QColor negative = rgb(0x2166ac);
    const QColor zero = rgb(0xf7f7f7);
    const QColor positive = rgb(0xb2182b);
    switch (kind) {
    case Theme::Kind::Light:
        return {rgb(0xd9d9d9), rgb(0x999999), rgb(0x333333), negative, zero, positive};
    case Theme::Kind::Dark:
        return {rgb(0x353b43), rgb(0x8b949e), rgb(0xd9dee4), negative, zero, positive};
    case Theme::Kind::Projector:
        return {rgb(0xd0d0d0), rgb(0x505050), rgb(0x000000), negative, zero, positive};
    }
    return {};
}

// Text in the colour of the state it reports, with a fill a shade of the same hue: readable on
// the theme's own field background.
Theme::FieldColors fieldColors(Theme::Kind kind)
{
    switch (kind) {
    case Theme::Kind::Light:
        return {rgb(0xb00020), rgb(0xffe0e0), rgb(0x8a4b00), rgb(0xfff3d6), rgb(0x555555)};
    case Theme::Kind::Dark:
        return {rgb(0xff9e94), rgb(0x5a1f24), rgb(0xffb74d), rgb(0x4a3a16), rgb(0x9aa4af)};
    case Theme::Kind::Projector:
        return {rgb(0xa00000), rgb(0xffd6d6), rgb(0x6b3a00), rgb(0xffecc0), rgb(0x303030)};
    }
    return {};
}

} // namespace

Theme Theme::make(Kind kind)
{
    Theme theme(kind);
    theme.m_maskGrid = maskGridColors(kind);
    theme.m_matrix = matrixColors(kind);
    theme.m_fields = fieldColors(kind);
    switch (kind) {
    case Kind::Light:
        theme.m_plotBackground = Qt::white;
        theme.m_viewBackground = Qt::white;
        theme.m_grid = rgb(0xe4e4e4);
        theme.m_zeroAxis = rgb(0x8a8a8a);
        theme.m_frame = rgb(0xbdbdbd);
        theme.m_text = rgb(0x3a3a3a);
        theme.m_hint = rgb(0x666666);
        theme.m_hatch = rgb(0x7a7a7a);
        theme.m_masked = rgb(0x9a9a9a);
        theme.m_maskedFill = rgb(0xd6d6d6);
        theme.m_labelBacking = QColor(255, 255, 255, 230);
        theme.m_highlight = rgb(0xd81b60);
        theme.m_noteBackground = rgb(0xfdecea);
        theme.m_noteBorder = rgb(0xc62828);
        theme.m_noteText = rgb(0x8e0000);
        theme.m_errorText = rgb(0x9b1c1c);
        theme.m_undefinedBackground = rgb(0xeeeeee);
        theme.m_sheetInk = rgb(0x1a1a1a);
        theme.m_sheetHeadingInk = rgb(0x333333);
        theme.m_sheetNoteInk = rgb(0x555555);
        theme.m_sheetMaskedInk = rgb(0x777777);
        theme.m_sheetHeadingBackground = rgb(0xe9edf2);
        theme.m_sheetSumBackground = rgb(0xf3f5f8);
        theme.m_sheetHighlightBackground = rgb(0xfff1b8);
        theme.m_sheetRefusalBackground = rgb(0xe8e8e8);
        theme.m_key = rgb(0x333333);
        // Okabe-Ito, without its yellow (too light on white) and black (reserved for keys).
        theme.m_queryColors = {rgb(0xd55e00), rgb(0x0072b2), rgb(0x009e73),
                               rgb(0xcc79a7), rgb(0xe69f00), rgb(0x56b4e9)};
        break;
    case Kind::Dark:
        // A blue-grey night rather than black: lines and halos stay soft, text stays crisp.
        theme.m_plotBackground = rgb(0x1b1f24);
        theme.m_viewBackground = rgb(0x23282e);
        theme.m_grid = rgb(0x30363e);
        theme.m_zeroAxis = rgb(0x7d8692);
        theme.m_frame = rgb(0x4a525c);
        theme.m_text = rgb(0xd9dee4);
        theme.m_hint = rgb(0x9aa4af);
        theme.m_hatch = rgb(0x8b949e);
        theme.m_masked = rgb(0x6e7781);
        theme.m_maskedFill = rgb(0x353b43);
        theme.m_labelBacking = QColor(0x1b, 0x1f, 0x24, 225);
        theme.m_highlight = rgb(0xffd54f);
        theme.m_noteBackground = rgb(0x3d2426);
        theme.m_noteBorder = rgb(0xef6a6a);
        theme.m_noteText = rgb(0xffb4ab);
        theme.m_errorText = rgb(0xff9e94);
        theme.m_undefinedBackground = rgb(0x2a2f36);
        theme.m_sheetInk = rgb(0xd9dee4);
        theme.m_sheetHeadingInk = rgb(0xd9dee4);
        theme.m_sheetNoteInk = rgb(0x9aa4af);
        theme.m_sheetMaskedInk = rgb(0x6e7781);
        theme.m_sheetHeadingBackground = rgb(0x2b3139);
        theme.m_sheetSumBackground = rgb(0x22272e);
        theme.m_sheetHighlightBackground = rgb(0x4d441e);
        theme.m_sheetRefusalBackground = rgb(0x2a2f36);
        theme.m_key = rgb(0xe6e9ed);
        // The same hues as Light, lifted so that they glow on the dark plane.
        theme.m_queryColors = {rgb(0xff8a4c), rgb(0x5cb3f0), rgb(0x3fd0a6),
                               rgb(0xe8a0c8), rgb(0xf5bd42), rgb(0x9ad7f7)};
        theme.m_lineWidthFactor = 1.1;
        break;
    case Kind::Projector:
        // Beamers wash out pale colours and thin lines: near-white plane, black text, saturated
        // hues and everything thicker.
        theme.m_plotBackground = rgb(0xfdfdfd);
        theme.m_viewBackground = rgb(0xfdfdfd);
        theme.m_grid = rgb(0xc4c4c4);
        theme.m_zeroAxis = rgb(0x202020);
        theme.m_frame = rgb(0x505050);
        theme.m_text = rgb(0x000000);
        theme.m_hint = rgb(0x202020);
        theme.m_hatch = rgb(0x505050);
        theme.m_masked = rgb(0x787878);
        theme.m_maskedFill = rgb(0xd8d8d8);
        theme.m_labelBacking = QColor(255, 255, 255, 240);
        theme.m_highlight = rgb(0xff0090);
        theme.m_noteBackground = rgb(0xffe3e0);
        theme.m_noteBorder = rgb(0xc00000);
        theme.m_noteText = rgb(0x900000);
        theme.m_errorText = rgb(0xa00000);
        theme.m_undefinedBackground = rgb(0xe6e6e6);
        theme.m_sheetInk = rgb(0x000000);
        theme.m_sheetHeadingInk = rgb(0x000000);
        theme.m_sheetNoteInk = rgb(0x202020);
        theme.m_sheetMaskedInk = rgb(0x787878);
        theme.m_sheetHeadingBackground = rgb(0xe1e6ee);
        theme.m_sheetSumBackground = rgb(0xeef1f5);
        theme.m_sheetHighlightBackground = rgb(0xffec99);
        theme.m_sheetRefusalBackground = rgb(0xe6e6e6);
        theme.m_key = rgb(0x000000);
        theme.m_queryColors = {rgb(0xe03a00), rgb(0x0050d0), rgb(0x008a3c),
                               rgb(0xc0007a), rgb(0xc86400), rgb(0x0082c8)};
        theme.m_lineWidthFactor = 1.6;
        theme.m_fontFactor = 1.2;
        break;
    }
    return theme;
}

QString Theme::id(Kind kind)
{
    switch (kind) {
    case Kind::Light:
        return QStringLiteral("light");
    case Kind::Dark:
        return QStringLiteral("dark");
    case Kind::Projector:
        return QStringLiteral("projector");
    }
    return QString();
}

std::optional<Theme::Kind> Theme::fromId(const QString &id)
{
    for (Kind kind : kinds()) {
        if (Theme::id(kind) == id)
            return kind;
    }
    return std::nullopt;
}

QStringList Theme::ids()
{
    QStringList result;
    for (Kind kind : kinds())
        result.append(id(kind));
    return result;
}

QVector<Theme::Kind> Theme::kinds()
{
    return {Kind::Light, Kind::Dark, Kind::Projector};
}

QString Theme::displayName(Kind kind)
{
    switch (kind) {
    case Kind::Light:
        return tr("&Light");
    case Kind::Dark:
        return tr("&Dark");
    case Kind::Projector:
        return tr("&Projector (high contrast)");
    }
    return QString();
}

QPalette Theme::palette(const QPalette &base) const
{
    QPalette palette = base;
    switch (m_kind) {
    case Kind::Light:
        break;
    case Kind::Dark: {
        const QColor window = m_viewBackground;
        const QColor text = m_text;
        const QColor disabledText = rgb(0x6c747e);
        setAllGroups(palette, QPalette::Window, window);
        setAllGroups(palette, QPalette::Base, rgb(0x181c21));
        setAllGroups(palette, QPalette::AlternateBase, rgb(0x20252b));
        setAllGroups(palette, QPalette::Button, rgb(0x2d333a));
        setAllGroups(palette, QPalette::ToolTipBase, rgb(0x2d333a));
        setAllGroups(palette, QPalette::ToolTipText, text);
        setAllGroups(palette, QPalette::Light, rgb(0x3c434b));
        setAllGroups(palette, QPalette::Midlight, rgb(0x343a42));
        setAllGroups(palette, QPalette::Mid, rgb(0x292e35));
        setAllGroups(palette, QPalette::Dark, rgb(0x15181c));
        setAllGroups(palette, QPalette::Shadow, rgb(0x0b0d10));
        setAllGroups(palette, QPalette::Link, rgb(0x7cc4ff));
        setAllGroups(palette, QPalette::LinkVisited, rgb(0xc59cff));
        setAllGroups(palette, QPalette::Highlight, rgb(0x2f6fb0));
        setAllGroups(palette, QPalette::HighlightedText, Qt::white);
        setAllGroups(palette, QPalette::BrightText, rgb(0xff7b72));
        for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
            palette.setColor(group, QPalette::WindowText, text);
            palette.setColor(group, QPalette::Text, text);
            palette.setColor(group, QPalette::ButtonText, text);
            palette.setColor(group, QPalette::PlaceholderText, m_hint);
        }
        palette.setColor(QPalette::Disabled, QPalette::WindowText, disabledText);
        palette.setColor(QPalette::Disabled, QPalette::Text, disabledText);
        palette.setColor(QPalette::Disabled, QPalette::ButtonText, disabledText);
        palette.setColor(QPalette::Disabled, QPalette::PlaceholderText, disabledText);
        palette.setColor(QPalette::Disabled, QPalette::Highlight, rgb(0x3a4048));
        break;
    }
    case Kind::Projector: {
        setAllGroups(palette, QPalette::Window, rgb(0xf4f4f4));
        setAllGroups(palette, QPalette::Base, m_plotBackground);
        setAllGroups(palette, QPalette::AlternateBase, rgb(0xececec));
        setAllGroups(palette, QPalette::ToolTipBase, Qt::white);
        setAllGroups(palette, QPalette::ToolTipText, Qt::black);
        setAllGroups(palette, QPalette::Highlight, rgb(0x0040c0));
        setAllGroups(palette, QPalette::HighlightedText, Qt::white);
        setAllGroups(palette, QPalette::Link, rgb(0x0030b0));
        for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
            palette.setColor(group, QPalette::WindowText, Qt::black);
            palette.setColor(group, QPalette::Text, Qt::black);
            palette.setColor(group, QPalette::ButtonText, Qt::black);
        }
        palette.setColor(QPalette::Disabled, QPalette::WindowText, rgb(0x707070));
        palette.setColor(QPalette::Disabled, QPalette::Text, rgb(0x707070));
        palette.setColor(QPalette::Disabled, QPalette::ButtonText, rgb(0x707070));
        break;
    }
    }
    return palette;
}

QColor Theme::queryColor(int index) const
{
    const int count = static_cast<int>(m_queryColors.size());
    const QColor base = m_queryColors.at(((index % count) + count) % count);
    // Past the first round, repeats are shifted in lightness so that they remain distinguishable.
    const int round = index / count;
    if (round == 0)
        return base;
    return isDark() ? base.lighter(100 + 20 * round) : base.darker(100 + 25 * round);
}

QColor Theme::readableText(const QColor &color) const
{
    if (isDark())
        return color.lightnessF() < 0.55 ? color.lighter(140) : color;
    // The hues are chosen for lines; as text on white the pale ones need more weight.
    return color.lightnessF() > 0.45 ? color.darker(135) : color;
}

} // namespace attnlens
