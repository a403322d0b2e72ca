// Package safefile replaces the contents of a file the way an editor's
// "save" should: atomically where the file system allows it, never losing
// the old contents, and losing nothing about the file but its old
// contents. dynexpr fmt -w writes through it.
//
// A file with one name is replaced by renaming a finished temporary file
// over it: rename is atomic, so a reader or a crash sees the old file or
// the new one, never half of one.
//
// A file with several names (hard links) cannot be renamed over: the new
// inode would have one of the names and the others would keep the old
// contents, silently parting the names of what was one file. Its new
// contents are written into the file itself, in place, which no file
// system makes atomic; what makes it safe is a backup: the old contents
// are first copied to a temporary file beside it and synced (file and
// folder) before the first byte of the original changes. If the write in
// place fails (a full disk, an I/O error), the old contents are written
// back from the backup, and the backup is removed only once the file holds
// either the new contents whole or the old ones again. A crash in the
// middle of the write in place (power lost, the process killed) may leave
// the file part new, part old: the backup beside it (".NAME.*.dynexpr-backup",
// hidden) then holds the old contents whole, and the new ones are what
// fmt prints. The window is the write of one small file; the alternative,
// renaming, would instead break every link without a word, every time.
// A temporary copy of the new contents is not kept as well: fmt can print
// them again from the file's old contents, which the backup holds.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// Replace gives the file at path the contents data.
//
//   - A symbolic link is followed: the file it points to is rewritten and
//     the link stays a link (renaming over the link would replace it with a
//     regular file and leave its target as it was).
//   - A file with one name: the new contents are written to a temporary
//     file in the target's own folder and renamed over the target, so a
//     crash or a full disk never leaves half a file.
//   - A file with several names (hard links): written in place, after a
//     synced backup of its old contents (see the package documentation),
//     so that every name keeps naming the one file.
//   - The target's permission bits, and its owner and group where the
//     process may set them, are kept (in place, the inode itself is kept).
//     A file the process may not chown back is not replaced: rather an
//     error than a file that silently changed owner.
func Replace(path string, data []byte) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(target)
	if err != nil {
		return err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 1 {
		return replaceInPlace(target, data)
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

// backupSuffix ends the name of the backup replaceInPlace keeps while it
// writes, so that one left by a crash says what it is.
const backupSuffix = ".dynexpr-backup"

// replaceInPlace writes data into target itself, keeping its inode (and so
// its every name, owner and mode), after a synced backup of its old
// contents, which is written back if the write fails. The backup is
// created readable by its owner only (os.CreateTemp's mode), as the old
// contents may be private.
func replaceInPlace(target string, data []byte) error {
	f, err := os.OpenFile(target, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	dir := filepath.Dir(target)
	backup, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*"+backupSuffix)
	if err != nil {
		return err
	}
	if _, err := io.Copy(backup, f); err != nil {
		backup.Close()
		os.Remove(backup.Name())
		return err
	}
	if err := errors.Join(backup.Sync(), syncDir(dir)); err != nil {
		backup.Close()
		os.Remove(backup.Name())
		return err
	}
	if err := writeAt0(f, data); err != nil {
		// Put the old contents back; keep the backup if that fails too.
		if _, serr := backup.Seek(0, io.SeekStart); serr == nil {
			if old, rerr := io.ReadAll(backup); rerr == nil && writeAt0(f, old) == nil {
				backup.Close()
				os.Remove(backup.Name())
				return err
			}
		}
		backup.Close()
		return fmt.Errorf("%w; the file may be part written: its old contents are in %s", err, backup.Name())
	}
	backup.Close()
	if err := os.Remove(backup.Name()); err != nil {
		return err
	}
	return syncDir(dir)
}

// writeAt0 makes f's contents data: written from its start, cut to its
// length, synced. A variable, so that a test can make it fail half-way.
var writeAt0 = func(f *os.File, data []byte) error {
	if _, err := f.WriteAt(data, 0); err != nil {
		return err
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		return err
	}
	return f.Sync()
}

// syncDir syncs a folder, so that a file created or removed in it is on
// disk.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
