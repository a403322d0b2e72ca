package diag

// Append adds err to list: the errors of a List, an *Error itself, and any
// other error as an *Error without a place.
func Append(list List, err error) List {
	switch e := err.(type) {
	case List:
		return append(list, e...)
	case *Error:
		return append(list, e)
	}
	return append(list, &Error{Msg: err.Error()})
}
