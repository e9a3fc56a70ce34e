#pragma once

#include <QString>

class QWidget;

namespace attnlens {

/// Help > About: the version of Attention Lens, the Qt it runs on and was built with, and the
/// licence. The same version lines as `attnlens --version`.
class AboutBox
{
public:
    /// The box's rich text, in the installed language.
    static QString text();
    /// Shows the box (modal) over `parent`.
    static void show(QWidget *parent);
};

} // namespace attnlens
