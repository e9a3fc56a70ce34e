#pragma once

#include <QColor>
#include <QFont>
#include <QHash>
#include <QPointF>
#include <QRectF>
#include <QSize>
#include <QStaticText>
#include <QString>
#include <QVector>
#include <QWidget>

namespace attnlens {

/// A label for a short readout that changes on every drag step, such as "row 1: entropy
/// <b>1.05</b> nats": it understands just <b>, <span style="color:#rrggbb"> and the HTML
/// entities, and draws the words with cached shaped text over its own opaque background.
///
/// A rich-text QLabel parses and lays out a text document on every change, and, not being
/// opaque, makes every ancestor repaint under it; this label lays its words out when the text or
/// the width changes and paints only itself. Its contents margins are kept free of words.
class LiveReadoutLabel : public QWidget {
    Q_OBJECT

public:
    explicit LiveReadoutLabel(QWidget *parent = nullptr);

    /// The rich text shown (the subset above); an equal text changes nothing.
    void setText(const QString &richText);
    QString text() const { return m_text; }
    /// The text without its markup, as a screen reader would read it.
    QString plainText() const;

    /// Whether the text wraps at spaces to the label's width (else it stays on one line).
    void setWordWrap(bool wrap);
    bool wordWrap() const { return m_wordWrap; }

    /// Where the words are drawn, in the label's coordinates (empty without text).
    QRectF textRect() const;

    /// The width `richText` needs on one line, in this label's font.
    int naturalWidth(const QString &richText) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return m_wordWrap; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// A stretch of text in one style.
    struct Run {
        QString text;
        bool bold = false;
        QColor color; // invalid: the palette's text colour
    };
    /// One run's piece on one line, where the painter puts it.
    struct Piece {
        QPointF position;
        QString text;
        bool bold = false;
        QColor color;
    };
    static QVector<Run> parse(const QString &richText);
    /// Lays `runs` out at `width` (no wrapping when width <= 0); returns the number of lines and
    /// fills `pieces` when given.
    int layout(const QVector<Run> &runs, double width, QVector<Piece> *pieces,
               double *naturalWidth = nullptr) const;
    void relayout();
    const QStaticText &shaped(const QString &text, bool bold) const;
    /// The advance of `text` in the regular or bold font, measured once per text.
    double advance(const QString &text, bool bold) const;
    double lineHeight() const;
    /// Measures the lines again for the current text and fonts: a text beyond Latin (Chinese)
    /// comes from a fallback font a quarter taller, and every piece of a line then shares the
    /// tallest piece's baseline.
    void measureLines();
    /// How far below the line's top `piece` is drawn so that its baseline is the line's.
    double baselineShift(const Piece &piece) const;
    /// Where the first line starts: inside the contents margins, the lines centred vertically.
    QPointF textOrigin() const;
    int horizontalMargins() const;
    int verticalMargins() const;
    /// The width the words may use in a label `width` wide.
    int textWidth(int width) const;

    QString m_text;
    QVector<Run> m_runs;
    QVector<Piece> m_pieces;
    int m_lineCount = 1;
    bool m_wordWrap = false;
    QFont m_boldFont;
    QString m_beyondLatin;  ///< the text's characters beyond Latin, as last measured
    double m_lineHeight = 0.0;
    double m_lineAscent = 0.0;
    double m_ascent = 0.0;
    double m_boldAscent = 0.0;
    double m_tallAscent = 0.0;  ///< of text beyond Latin, in either font
    mutable QHash<QString, QStaticText> m_shapedRegular;
    mutable QHash<QString, QStaticText> m_shapedBold;
    mutable QHash<QString, double> m_advanceRegular;
    mutable QHash<QString, double> m_advanceBold;
};

} // namespace attnlens
