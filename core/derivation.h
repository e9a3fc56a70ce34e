#pragma once

#include "error.h"
#include "matrixtypes.h"

#include <QString>

#include <optional>

namespace attnlens {

struct Scenario;
struct JsonDraft;

/// The two token streams a derivation projects from.
enum class TokenStream { X, Y };
/// The three projections: W_Q, W_K and W_V.
enum class Projection { Query, Key, Value };

/// Where Q, K and V come from: token embeddings X (N_x x d_model), an optional second stream Y
/// (N_y x d_model) and the projections W_Q (d_model x d_k), W_K (d_model x d_k) and
/// W_V (d_model x d_v). Without Y it is self-attention: Q = X W_Q, K = X W_K, V = X W_V. With
/// Y it is cross-attention: Q = X W_Q, K = Y W_K, V = Y W_V.
struct Derivation {
    Matrix x;
    std::optional<Matrix> y;
    Matrix wQ;
    Matrix wK;
    Matrix wV;

    bool isCross() const { return y.has_value(); }
    /// The stream K and V come from: Y when present, X otherwise.
    const Matrix &keySource() const { return y ? *y : x; }
    Index modelDimension() const { return x.cols(); }
    const Matrix &projection(Projection which) const;
    Matrix &projection(Projection which);
    const Matrix &stream(TokenStream which) const;
    Matrix &stream(TokenStream which);

    bool operator==(const Derivation &other) const;
    bool operator!=(const Derivation &other) const { return !(*this == other); }
};

/// A X W: each entry the sum over m of tokens(i, m) * weights(m, c), added in the order
/// m = 0, 1, ... in double precision (no reordering, so the result is reproducible exactly).
Matrix project(const Matrix &tokens, const Matrix &weights);
/// Row `row` of project(tokens, weights), by the same sums.
Eigen::RowVectorXd projectRow(const Matrix &tokens, Index row, const Matrix &weights);

/// Why `derivation` cannot drive a scenario, or nothing: an empty stream, streams or
/// projections of different d_model, W_Q and W_K of different widths, too many tokens or
/// columns, or a value that is not a finite number. Messages name the matrix.
std::optional<Error> derivationShapeRefusal(const Derivation &derivation);
/// derivationShapeRefusal(), and refused in a scenario of `headCount` heads past the first.
std::optional<Error> derivationRefusal(Index headCount, const Derivation &derivation);
/// derivationShapeRefusal(), and refused for a scenario with several heads.
std::optional<Error> derivationRefusal(const Scenario &scenario);

/// Sets the scenario's Q, K and V to what its derivation derives (nothing without one). The
/// derivation must be accepted by derivationRefusal().
void derive(Scenario &scenario);

/// The lab's starting point: four tokens in a plane (d_model = 2), d_k = d_v = 2, fixed
/// projections that make a clear picture; self-attention.
Derivation defaultDerivation();
/// The second stream the lab adds when it switches to cross-attention: three tokens.
Matrix defaultSecondStream();

/// The "derivation" object of a scenario file: {"X", "Y" (cross only), "W_Q", "W_K", "W_V"}.
JsonDraft derivationDraft(const Derivation &derivation);

} // namespace attnlens
