// Package safefile replaces the contents of a file the way an editor's
// "save" should: atomically, and losing nothing about the file but its old
// contents. dynexpr fmt -w writes through it.
package safefile

import (
	"os"
	"path/filepath"
	"syscall"
)

// Replace gives the file at path the contents data.
//
//   - A symbolic link is followed: the file it points to is rewritten and
//     the link stays a link (renaming over the link would replace it with a
//     regular file and leave its target as it was).
//   - The new contents are written to a temporary file in the target's own
//     folder and renamed over the target, so a crash or a full disk never
//     leaves half a file.
//   - The target's permission bits, and its owner and group where the
//     process may set them, are kept. A file the process may not chown back
//     is not replaced: rather an error than a file that silently changed
//     owner.
func Replace(path string, data []byte) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(target)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	if err := fill(tmp, data, fi); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}

// fill writes data to tmp, gives it fi's mode and owner, and syncs it.
func fill(tmp *os.File, data []byte, fi os.FileInfo) error {
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		if uid, gid := int(st.Uid), int(st.Gid); uid != os.Getuid() || gid != os.Getgid() {
			if err := tmp.Chown(uid, gid); err != nil {
				return err
			}
		}
	}
	// After Chown: changing the owner may clear setuid/setgid bits.
	if err := tmp.Chmod(fi.Mode()); err != nil {
		return err
	}
	return tmp.Sync()
}
