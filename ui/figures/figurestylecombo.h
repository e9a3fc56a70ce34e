#pragma once

#include "theme.h"

#include <QComboBox>

#include <optional>

namespace attnlens {

/// The style a figure is drawn in, as the still and the animated export dialogs offer it: as on
/// screen, Light (print), Dark or Projector. Each item's data is the Theme::Kind as an int, or
/// kScreenTheme for "as on screen".
class FigureStyleCombo : public QComboBox {
    Q_OBJECT

public:
    static constexpr int kScreenTheme = -1;

    explicit FigureStyleCombo(QWidget *parent = nullptr);

    /// The chosen theme; empty: as on screen.
    std::optional<Theme::Kind> theme() const;
    void setTheme(std::optional<Theme::Kind> theme);
};

} // namespace attnlens
