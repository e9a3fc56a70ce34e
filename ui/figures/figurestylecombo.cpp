#include "figurestylecombo.h"

namespace attnlens {

FigureStyleCombo::FigureStyleCombo(QWidget *parent)
    : QComboBox(parent)
{
    setAccessibleName(tr("Style"));
    addItem(tr("As on screen"), kScreenTheme);
    addItem(tr("Light (print: dark text on white)"), static_cast<int>(Theme::Kind::Light));
    addItem(tr("Dark"), static_cast<int>(Theme::Kind::Dark));
    addItem(tr("Projector (high contrast, bigger text)"), static_cast<int>(Theme::Kind::Projector));
}

std::optional<Theme::Kind> FigureStyleCombo::theme() const
{
    const int data = currentData().toInt();
    if (data == kScreenTheme)
        return std::nullopt;
    return static_cast<Theme::Kind>(data);
}

void FigureStyleCombo::setTheme(std::optional<Theme::Kind> theme)
{
    setCurrentIndex(findData(theme ? static_cast<int>(*theme) : kScreenTheme));
}

} // namespace attnlens
