#pragma once

#include "lessonstep.h"
#include "scenario.h"

#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace attnlens {

class AttentionModel;
class LabMaterialBar;

/// What a lab opened by its key (Alt+1…4, View > Labs) works on. The √d_k lab and the derivation
/// lab teach nothing on a scenario that is not theirs ("d_k = 2, 18 dot products" over the
/// bottleneck's six points): opened on such a scenario, they put their own material in its place
/// as one undoable edit, their bar says so and names the scenario set aside, and "Back to your
/// scenario" brings that scenario back as it was, as another edit. The bottleneck and score labs
/// teach on any scenario and always open on the user's.
class LabMaterial : public QObject {
    Q_OBJECT

public:
    /// A lab with material of its own: `isMaterial` tells whether a scenario is that material,
    /// `open` puts it in place (inside an edit named `editText`), `material` describes it in a
    /// few words for the bar.
    struct Lab {
        LessonView view = LessonView::KeySpace;
        LabMaterialBar *bar = nullptr;
        std::function<bool(const Scenario &)> isMaterial;
        std::function<void(AttentionModel *)> open;
        QString editText;
        QString material;
    };

    explicit LabMaterial(AttentionModel *model, QObject *parent = nullptr);

    void addLab(const Lab &lab);
    /// The user opened the lab of `view` by its key or menu: a lab with material of its own that
    /// is not on screen yet brings it. Returns true when it replaced the scenario.
    bool openFor(LessonView view);
    /// The document was replaced (a file opened, a new scenario, a lesson step): there is no
    /// set-aside scenario to go back to any more.
    void forgetUserScenario();
    /// Puts the set-aside scenario back (the bars' "Back to your scenario").
    void goBack();
    /// The scenario set aside when a lab brought its material, if there is one.
    const std::optional<Scenario> &userScenario() const { return m_userScenario; }

private:
    void refreshBars();

    AttentionModel *m_model;
    QList<Lab> m_labs;
    std::optional<Scenario> m_userScenario;
    LessonView m_openedFor = LessonView::KeySpace;
};

} // namespace attnlens
