#pragma once

#include "error.h"

#include <QString>

namespace attnlens {

class DocumentController;

/// What is done with an autosave the app cannot read (a damaged disk, a file from a newer
/// release, a bug of an older one): it is never set aside silently and never deleted. It leaves
/// the window's autosave slot, where the next autosave would write over it, for
/// "unreadable-autosave-<date and time>.json" in the same folder (a name that no window adopts as
/// its own), and the user is told which file it is and why it cannot be read
/// (Dialogs::askUnreadableAutosave), and may save a copy elsewhere (askSavePath) or show its
/// folder (showFolder). Returns where the file is kept: the new name, or its old path when
/// it could not be moved (then the window's next autosave goes to that slot: see the caller).
QString keepUnreadableAutosave(const QString &autosavePath, const Error &reason,
                               DocumentController &document);

/// The name keepUnreadableAutosave() gives the file in `folder`: unreadable-autosave-<UTC date
/// and time>.json, with -2, -3, ... when that exists already.
QString unreadableAutosaveName(const QString &folder);

} // namespace attnlens
