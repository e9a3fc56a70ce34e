#include "lessonconventionview.h"

#include "attentionmodel.h"
#include "numberformat.h"
#include "viewstate.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

std::vector<double> scoresOfRow(const AttentionModel *model, int row)
{
    const Scenario &s = model->scenario();
    std::vector<double> scores(static_cast<size_t>(s.keyCount()), 0.0);
    if (row < 0 || row >= s.queryCount() || s.keyDimension() == 0)
        return scores;
    // A general or additive score: the model's own scores (no dot product of q and k exists
    // when their lengths differ), or zeros while it refuses the scenario.
    if (!s.score.isScaledDot() || s.queries.cols() != s.keys.cols()) {
        const AttentionResult *r = model->result();
        if (r && r->scores.rows() == s.queryCount() && r->scores.cols() == s.keyCount()) {
            for (Index j = 0; j < s.keyCount(); ++j)
                scores[static_cast<size_t>(j)] = r->scores(row, j);
        }
        return scores;
    }
    for (Index j = 0; j < s.keyCount(); ++j)
        scores[static_cast<size_t>(j)] = s.queries.row(row).dot(s.keys.row(j)) / std::sqrt(double(s.keyDimension()));
    return scores;
}

} // namespace

LessonConventionView::LessonConventionView(AttentionModel *model, ViewState *, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("lessonConventionView"));
    setAccessibleName(tr("What frameworks do with an all-masked row"));
    setAccessibleDescription(tr("For one query row, the weights each convention would give if every "
                                "key were masked. The model is not changed."));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *rowLine = new QHBoxLayout;
    auto *rowLabel = new QLabel(tr("If every key of"), this);
    m_rowBox = new QComboBox(this);
    m_rowBox->setObjectName(QStringLiteral("conventionQueryRow"));
    m_rowBox->setAccessibleName(tr("Query row"));
    rowLine->addWidget(rowLabel);
    rowLine->addWidget(m_rowBox, 1);
    layout->addLayout(rowLine);
    // On a line of its own, so that the sentence fits a narrow lesson column.
    layout->addWidget(new QLabel(tr("were masked:"), this));

    // One convention per line: the lesson column may be narrow (a third of a projector's width
    // or less), and nothing in it may be wider than the column.
    auto *switches = new QVBoxLayout;
    m_switch = new QButtonGroup(this);
    int index = 0;
    for (FrameworkConvention convention : allFrameworkConventions()) {
        // The name sits in a wrapping label beside the radio button, so that a long name fits a
        // narrow column at a big text size; a click on it chooses the convention too.
        auto *line = new QHBoxLayout;
        auto *button = new QRadioButton(this);
        button->setObjectName(QStringLiteral("convention%1").arg(index));
        button->setAccessibleName(frameworkConventionName(convention));
        button->setToolTip(frameworkConventionExplanation(convention));
        m_switch->addButton(button, static_cast<int>(convention));
        auto *name = new QLabel(frameworkConventionName(convention), this);
        name->setWordWrap(true);
        name->setToolTip(frameworkConventionExplanation(convention));
        name->setProperty("convention", static_cast<int>(convention));
        name->installEventFilter(this);
        line->addWidget(button, 0, Qt::AlignTop);
        line->addWidget(name, 1);
        switches->addLayout(line);
        ++index;
    }
    m_switch->button(static_cast<int>(FrameworkConvention::Refuse))->setChecked(true);
    layout->addLayout(switches);

    m_table = new QLabel(this);
    m_table->setObjectName(QStringLiteral("conventionAnswers"));
    m_table->setTextFormat(Qt::RichText);
    m_table->setWordWrap(true);
    layout->addWidget(m_table);
    m_explanation = new QLabel(this);
    m_explanation->setWordWrap(true);
    layout->addWidget(m_explanation);
    m_engine = new QLabel(this);
    m_engine->setObjectName(QStringLiteral("conventionEngineAnswer"));
    m_engine->setWordWrap(true);
    layout->addWidget(m_engine);

    connect(m_switch, &QButtonGroup::idClicked, this,
            [this](int id) { setConvention(static_cast<FrameworkConvention>(id)); });
    connect(m_rowBox, qOverload<int>(&QComboBox::currentIndexChanged), this, &LessonConventionView::refresh);
    connect(m_model, &AttentionModel::scenarioReset, this, &LessonConventionView::rebuildRows);
    connect(m_model, &AttentionModel::resultChanged, this, [this] {
        if (isVisible())
            refresh();
    });
    rebuildRows();
}

bool LessonConventionView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonRelease && watched->property("convention").isValid()) {
        setConvention(static_cast<FrameworkConvention>(watched->property("convention").toInt()));
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void LessonConventionView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refresh();  // the chosen row is drawn in the palette's selection colours
}

void LessonConventionView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

void LessonConventionView::setConvention(FrameworkConvention convention)
{
    if (convention == m_convention)
        return;
    m_convention = convention;
    m_switch->button(static_cast<int>(convention))->setChecked(true);
    refresh();
    emit conventionChanged(convention);
}

int LessonConventionView::queryRow() const
{
    return m_rowBox->currentIndex();
}

void LessonConventionView::setQueryRow(int row)
{
    if (row >= 0 && row < m_rowBox->count())
        m_rowBox->setCurrentIndex(row);
}

void LessonConventionView::rebuildRows()
{
    const int previous = m_rowBox->currentIndex();
    {
        const QSignalBlocker blocker(m_rowBox);
        m_rowBox->clear();
        const Scenario &s = m_model->scenario();
        for (Index i = 0; i < s.queryCount(); ++i)
            m_rowBox->addItem(s.queryLabel(i));
        m_rowBox->setCurrentIndex(previous >= 0 && previous < m_rowBox->count() ? previous : 0);
    }
    refresh();
}

QString LessonConventionView::answerText(FrameworkConvention convention) const
{
    const Result<std::vector<double>> row =
        allMaskedRowWeights(scoresOfRow(m_model, queryRow()), m_model->scenario().temperature, convention);
    if (!row)
        return tr("undefined: no allowed key");
    // The lesson's rows have a handful of keys; a captured layer's have thousands, of which the
    // first few say what the convention does (and a label of 40,000 characters took a quarter
    // of a second to lay out at every start).
    constexpr size_t kShownWeights = 8;
    const std::vector<double> &weights = row.value();
    QStringList parts;
    for (size_t k = 0; k < std::min(weights.size(), kShownWeights); ++k)
        parts.append(std::isnan(weights[k]) ? QStringLiteral("NaN") : formatCompact(weights[k]));
    if (weights.size() > kShownWeights)
        return tr("%1, … (%2 keys in all)", "the first weights of a long row").arg(parts.join(QStringLiteral(", "))).arg(weights.size());
    return parts.join(QStringLiteral(", "));
}

void LessonConventionView::refresh()
{
    const Scenario &s = m_model->scenario();
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='3'>");
    for (FrameworkConvention convention : allFrameworkConventions()) {
        const bool chosen = convention == m_convention;
        // The palette's selection colours: readable in every theme (a fixed pale yellow was not).
        const QString style = chosen ? QStringLiteral(" style='background-color:%1; color:%2; font-weight:bold'")
                                           .arg(palette().color(QPalette::Highlight).name(),
                                                palette().color(QPalette::HighlightedText).name())
                                     : QString();
        html += QStringLiteral("<tr%1><td>%2</td><td>%3</td></tr>")
                    .arg(style, frameworkConventionName(convention).toHtmlEscaped(),
                         answerText(convention).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    m_table->setText(html);
    m_explanation->setText(frameworkConventionExplanation(m_convention));
    const std::optional<Error> refusal = refusalOfAllMaskedRow(s, queryRow());
    m_engine->setText(refusal ? tr("Attention Lens itself always refuses: %1").arg(refusal->message)
                              : tr("Attention Lens itself always refuses such a row."));
}

} // namespace attnlens
