#pragma once

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;

namespace attnlens {

/// The strip over the key space that chooses which two key coordinates the plane shows when
/// d_k > 2 ("Horizontal: dimension 1, Vertical: dimension 3") and says what is left out. Hidden
/// while d_k <= 2. It only reports a pick; the view decides (picking the coordinate already on the
/// other axis swaps the two) and shows the outcome with setDimensions().
class KeySpaceDimensionPicker : public QWidget {
    Q_OBJECT

public:
    explicit KeySpaceDimensionPicker(QWidget *parent = nullptr);

    /// Offers `dimensionCount` coordinates with `horizontal` and `vertical` chosen and `note`
    /// under them, without emitting; visible only when dimensionCount > 2.
    void setDimensions(int dimensionCount, int horizontal, int vertical, const QString &note);

signals:
    void horizontalPicked(int dimension);
    void verticalPicked(int dimension);

private:
    QComboBox *m_horizontalPicker = nullptr;
    QComboBox *m_verticalPicker = nullptr;
    QLabel *m_noteLabel = nullptr;
};

} // namespace attnlens
