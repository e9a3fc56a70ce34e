#pragma once

#include <QString>

namespace attnlens {

/// What is wrong with `path` when it is a symbolic link that leads to no file, as a phrase that
/// follows "is" or "it is": "a symbolic link that points to itself", "a symbolic link in a loop
/// (a.json → b.json → a.json)", "a symbolic link to \"gone.json\", which does not exist". Empty
/// for anything else (a file, a link to one, a path that does not exist at all), so that the
/// caller's own message stands. Without it a broken link read as "neither a file nor a built-in
/// scenario", which sends the user looking for a file that is there.
QString brokenSymbolicLink(const QString &path);

} // namespace attnlens
