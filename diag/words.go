package diag

import "strconv"

// Plural writes a count and its noun as messages say it: "1 file",
// "3 files". Every layer's messages count things, so the one spelling lives
// here, beside the one shape of a message.
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
