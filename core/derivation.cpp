#include "derivation.h"

#include "jsonstreamwriter.h"
#include "scenario.h"
#include "scenariojson.h"

#include <QCoreApplication>

#include <cmath>
#include <memory>

namespace attnlens {

namespace {

Matrix fromRows(std::initializer_list<std::initializer_list<double>> rows)
{
    Matrix m(Index(rows.size()), Index(rows.begin()->size()));
    Index i = 0;
    for (const auto &row : rows) {
        Index j = 0;
        for (double v : row)
            m(i, j++) = v;
        ++i;
    }
    return m;
}

bool allFinite(const Matrix &m)
{
    for (Index i = 0; i < m.rows(); ++i)
        for (Index j = 0; j < m.cols(); ++j)
            if (!std::isfinite(m(i, j)))
                return false;
    return true;
}

Error shapeError(const QString &message)
{
    return Error{ErrorCategory::ShapeMismatch, message};
}

} // namespace

const Matrix &Derivation::projection(Projection which) const
{
    return which == Projection::Query ? wQ : which == Projection::Key ? wK : wV;
}

Matrix &Derivation::projection(Projection which)
{
    return which == Projection::Query ? wQ : which == Projection::Key ? wK : wV;
}

const Matrix &Derivation::stream(TokenStream which) const
{
    return which == TokenStream::Y && y ? *y : x;
}

Matrix &Derivation::stream(TokenStream which)
{
    return which == TokenStream::Y && y ? *y : x;
}

bool Derivation::operator==(const Derivation &other) const
{
    if (y.has_value() != other.y.has_value() || (y && !identicalMatrices(*y, *other.y)))
        return false;
    return identicalMatrices(x, other.x) && identicalMatrices(wQ, other.wQ)
        && identicalMatrices(wK, other.wK) && identicalMatrices(wV, other.wV);
}

Eigen::RowVectorXd projectRow(const Matrix &tokens, Index row, const Matrix &weights)
{
    Q_ASSERT(tokens.cols() == weights.rows());
    Eigen::RowVectorXd out(weights.cols());
    for (Index c = 0; c < weights.cols(); ++c) {
        double sum = 0.0;
        for (Index m = 0; m < weights.rows(); ++m)
            sum += tokens(row, m) * weights(m, c);
        out(c) = sum;
    }
    return out;
}

Matrix project(const Matrix &tokens, const Matrix &weights)
{
    Matrix out(tokens.rows(), weights.cols());
    for (Index i = 0; i < tokens.rows(); ++i)
        out.row(i) = projectRow(tokens, i, weights);
    return out;
}

std::optional<Error> derivationShapeRefusal(const Derivation &d)
{
    const Index model = d.x.cols();
    if (d.x.rows() < 1 || model < 1)
        return Error{ErrorCategory::Empty,
                     QCoreApplication::translate("attnlens::Derivation",
                                                 "X needs at least one token with at least one coordinate.")};
    if (d.y && d.y->rows() < 1)
        return Error{ErrorCategory::Empty,
                     QCoreApplication::translate("attnlens::Derivation", "Y needs at least one token.")};
    if (d.x.rows() > ScenarioLimits::maxRows || (d.y && d.y->rows() > ScenarioLimits::maxRows)
        || model > ScenarioLimits::maxColumns || d.wQ.cols() > ScenarioLimits::maxColumns
        || d.wV.cols() > ScenarioLimits::maxColumns) {
        return shapeError(QCoreApplication::translate("attnlens::Derivation",
                                                      "The derivation is larger than a scenario may be."));
    }
    if (d.y && d.y->cols() != model) {
        return shapeError(QCoreApplication::translate("attnlens::Derivation",
                                                      "Y has %1 coordinates per token but X has %2; both "
                                                      "streams need the same d_model.")
                              .arg(d.y->cols())
                              .arg(model));
    }
    const struct {
        const Matrix *w;
        const char *name;
    } projections[] = {{&d.wQ, "W_Q"}, {&d.wK, "W_K"}, {&d.wV, "W_V"}};
    for (const auto &p : projections) {
        if (p.w->rows() != model) {
            return shapeError(QCoreApplication::translate("attnlens::Derivation",
                                                          "%1 has %2 rows but d_model is %3; it needs one "
                                                          "row per token coordinate.")
                                  .arg(QLatin1String(p.name))
                                  .arg(p.w->rows())
                                  .arg(model));
        }
        if (p.w->cols() < 1)
            return Error{ErrorCategory::Empty,
                         QCoreApplication::translate("attnlens::Derivation", "%1 needs at least one column.")
                             .arg(QLatin1String(p.name))};
    }
    if (d.wQ.cols() != d.wK.cols()) {
        return shapeError(QCoreApplication::translate("attnlens::Derivation",
                                                      "W_Q has %1 columns but W_K has %2; queries and keys "
                                                      "need the same d_k.")
                              .arg(d.wQ.cols())
                              .arg(d.wK.cols()));
    }
    if (!allFinite(d.x) || (d.y && !allFinite(*d.y)) || !allFinite(d.wQ) || !allFinite(d.wK)
        || !allFinite(d.wV)) {
        return Error{ErrorCategory::NonFiniteInput,
                     QCoreApplication::translate("attnlens::Derivation",
                                                 "Every token coordinate and projection entry must be a "
                                                 "finite number.")};
    }
    return std::nullopt;
}

std::optional<Error> derivationRefusal(const Scenario &scenario)
{
    if (!scenario.derivation)
        return std::nullopt;
    return derivationRefusal(scenario.headCount(), *scenario.derivation);
}

std::optional<Error> derivationRefusal(Index headCount, const Derivation &derivation)
{
    if (headCount > 1) {
        return Error{ErrorCategory::ShapeMismatch,
                     QCoreApplication::translate("attnlens::Derivation",
                                                 "Q, K and V can be derived from tokens in a one-head "
                                                 "scenario only; this one has %1 heads, each with its "
                                                 "own Q, K and V.")
                         .arg(headCount)};
    }
    return derivationShapeRefusal(derivation);
}

void derive(Scenario &scenario)
{
    if (!scenario.derivation)
        return;
    const Derivation &d = *scenario.derivation;
    Q_ASSERT(!derivationRefusal(scenario));
    scenario.queries = project(d.x, d.wQ);
    scenario.keys = project(d.keySource(), d.wK);
    scenario.values = project(d.keySource(), d.wV);
}

Derivation defaultDerivation()
{
    Derivation d;
    d.x = fromRows({{1.0, 0.25}, {0.25, 1.0}, {-0.75, 0.5}, {-0.25, -1.0}});
    d.wQ = fromRows({{1.5, 0.5}, {-0.5, 1.5}});
    d.wK = fromRows({{1.5, -0.5}, {0.5, 1.5}});
    d.wV = fromRows({{1.0, 0.5}, {-0.5, 1.0}});
    return d;
}

Matrix defaultSecondStream()
{
    return fromRows({{1.25, -0.5}, {-0.5, -1.0}, {0.0, 1.25}});
}

JsonDraft derivationDraft(const Derivation &derivation)
{
    // The draft refers to the matrices; a copy it owns keeps them alive for as long as it lives.
    auto kept = std::make_shared<const Derivation>(derivation);
    JsonDraft draft;
    draft.keepAlive.push_back(kept);
    draft.matrices[QStringLiteral("X")] = &kept->x;
    if (kept->y)
        draft.matrices[QStringLiteral("Y")] = &*kept->y;
    draft.matrices[QStringLiteral("W_Q")] = &kept->wQ;
    draft.matrices[QStringLiteral("W_K")] = &kept->wK;
    draft.matrices[QStringLiteral("W_V")] = &kept->wV;
    return draft;
}

} // namespace attnlens
