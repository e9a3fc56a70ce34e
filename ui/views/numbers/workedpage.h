#pragma once

#include <QString>
#include <QVector>

#include <array>

namespace attnlens {

/// The worked numbers of one query as plain data, before any font or widget: blocks (a
/// paragraph, or a table) of rows, rows of cells, cells of runs of text. What a run says is in
/// its role: the font it is written in, the ink it is drawn in, and for a number the full value
/// and the quantity it is (the weight of key 2, the context in dimension 1, ...).
///
/// WorkedNumbersComposer writes a page; WorkedNumbersRenderer lays it out in fonts and paints it.
/// The rows, cells and runs are flat lists: a row's cells run from its firstCell to the next
/// row's (cellEnd()), and so on, so that composing a page every frame of a drag reuses the same
/// storage.
struct WorkedPage {
    /// The parts of the calculation, in the order they are written.
    enum class Section { Query, Scores, Softmax, Context };
    static constexpr int kSectionCount = 4;

    enum class Font : quint8 { Regular, Bold, Italic, Title, Mark };
    static constexpr int kFontCount = 5;

    /// The inks of the page; the theme gives each its colour (WorkedNumbersRenderer::inkColor()).
    enum class Ink : quint8 {
        Text,     ///< numbers, formulas and labels
        Heading,  ///< the header row of a table
        Note,     ///< notes beside a heading and under a table
        More,     ///< "… 3 more keys"
        Masked,   ///< "masked → weight 0"
        Refusal,  ///< the refusal's own text
        Query,    ///< the shown query's colour (its mark and its name)
    };

    /// The background of a table row (the hovered key's rows are highlighted when painting).
    enum class Background : quint8 { None, Heading, Sum };

    enum class RunKind : quint8 {
        Words,   ///< labels, headings, notes, rich text: laid out as a whole
        Glyphs,  ///< numbers and operators: drawn one glyph at a time
    };

    /// What a number run is; `key` and `dimension` say which one where it matters (else -1).
    enum class Quantity : quint8 {
        None,            ///< not a number
        QueryEntry,      ///< q_d in "q = [...]" (dimension)
        SqrtKeyDimension,  ///< √d_k
        Temperature,     ///< T
        QueryFactor,     ///< q_d as a factor of the dot product with key `key` (key, dimension)
        KeyFactor,       ///< k_d of key `key` in its dot product (key, dimension)
        DotProduct,      ///< q·k (key)
        Score,           ///< q·k ÷ √d_k, the model's score (key)
        Scaled,          ///< z = score ÷ T (key)
        Maximum,         ///< m, the largest z over the allowed keys
        Shifted,         ///< z − m (key)
        Exponential,     ///< exp(z − m) (key)
        ExponentialSum,  ///< Σ exp(z − m) over the allowed keys
        Weight,          ///< the model's weight (key); exactly 0 where the key is masked
        WeightSum,       ///< Σ of the weights
        TermWeight,      ///< w of key `key` in the sum of context dimension `dimension`
        TermValue,       ///< v_d of key `key` in that sum (key, dimension)
        Context,         ///< the model's context c_d (dimension)
    };

    struct Run {
        RunKind kind = RunKind::Words;
        Font font = Font::Regular;
        Ink ink = Ink::Text;
        bool rich = false;  ///< Words only: rich text (<sub>, <br>)
        Quantity quantity = Quantity::None;
        int key = -1;
        int dimension = -1;
        double value = 0.0;  ///< the full value of a number
        QString text;

        bool isNumber() const { return quantity != Quantity::None; }
        /// The text as read: rich text without its tags.
        QString plainText() const;
    };
    struct Cell {
        int firstRun = 0;
        int span = 1;
        bool alignRight = false;
    };
    struct Row {
        int firstCell = 0;
        Background background = Background::None;
    };
    struct Block {
        int firstRow = 0;
        bool table = false;
        bool wrap = false;      ///< prose wrapped to the view's width
        double gapAbove = 0.0;  ///< in line heights
    };

    QVector<Block> blocks;
    QVector<Row> rows;
    QVector<Cell> cells;
    QVector<Run> runs;
    /// The first row of each Section's heading (-1: not shown).
    std::array<int, kSectionCount> sectionRows{{-1, -1, -1, -1}};
    /// The row of each shown key: the score rows, then the softmax rows (the hovered key's
    /// rows are highlighted).
    QVector<int> keyRows;
    /// The query row shown (the selected one, clamped to the scenario).
    int shownQuery = 0;
    /// True while the page explains a refusal instead of showing numbers.
    bool refusal = false;
    /// True when written in the narrow form (see WorkedNumbersComposer::Options).
    bool narrow = false;

    /// Empties the page, keeping its storage.
    void clear();

    int runEnd(int cell) const
    {
        return cell + 1 < cells.size() ? cells.at(cell + 1).firstRun : static_cast<int>(runs.size());
    }
    int cellEnd(int row) const
    {
        return row + 1 < rows.size() ? rows.at(row + 1).firstCell : static_cast<int>(cells.size());
    }
    int rowEnd(int block) const
    {
        return block + 1 < blocks.size() ? blocks.at(block + 1).firstRow : static_cast<int>(rows.size());
    }
    int shownKeyCount() const { return static_cast<int>(keyRows.size()) / 2; }

    /// The page as plain text: one line per row, table cells separated by tabs.
    QString toPlainText() const;
    /// A fingerprint of which rows and cells there are (not what they say): while it stays the
    /// same, a table's columns may keep their widths.
    quint64 shape() const;
};

} // namespace attnlens
