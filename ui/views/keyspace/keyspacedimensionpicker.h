#pragma once

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;

namespace attnlens {

/// The strip over the key space that chooses what the plane shows when d_k > 2: the keys'
/// principal plane (the default), or two key coordinates ("Horizontal: dimension 1, Vertical:
/// dimension 3"), and says what is left out. The coordinate pickers show only while coordinates
/// are shown; the whole strip is hidden while d_k <= 2. It only reports a pick; the view decides
/// (picking the coordinate already on the other axis swaps the two) and shows the outcome with
/// setDimensions().
class KeySpaceDimensionPicker : public QWidget {
    Q_OBJECT

public:
    explicit KeySpaceDimensionPicker(QWidget *parent = nullptr);

    /// Offers the principal plane and `dimensionCount` coordinates, with the principal plane
    /// (`principalPlane`) or `horizontal` and `vertical` chosen and `note` under them, without
    /// emitting; visible only when dimensionCount > 2.
    void setDimensions(int dimensionCount, bool principalPlane, int horizontal, int vertical, const QString &note);

signals:
    /// The principal plane (true) or two key coordinates (false) was picked.
    void planePicked(bool principalPlane);
    void horizontalPicked(int dimension);
    void verticalPicked(int dimension);

private:
    QComboBox *m_planePicker = nullptr;
    QWidget *m_coordinatePickers = nullptr;
    QComboBox *m_horizontalPicker = nullptr;
    QComboBox *m_verticalPicker = nullptr;
    QLabel *m_noteLabel = nullptr;
};

} // namespace attnlens
