package runtime

import (
	"errors"
	"fmt"
)

// FingerprintField is the property of a persisted event that holds the
// fingerprint of the schema the action was validated against.
const FingerprintField = "schemaFingerprint"

// ErrSchemaChanged: an event was written under another schema than the
// one its tool has now.
var ErrSchemaChanged = errors.New("event written under another schema")

// SchemaChangedError says that an event was written under a schema other
// than its tool's current one. Err is nil when the event still validates
// against the current schema: UnmarshalAction then returns the action
// together with this error, so that a replay against a changed schema is
// never silent; otherwise Err holds the validation problems.
type SchemaChangedError struct {
	Kind             string
	Written, Current string // schema fingerprints
	Err              error
}

func (e *SchemaChangedError) Error() string {
	msg := fmt.Sprintf("event of kind %s was written under schema %s; the tool's schema is now %s", e.Kind, e.Written, e.Current)
	if e.Err == nil {
		return msg + " (the event still validates)"
	}
	return msg + ": " + e.Err.Error()
}

// Is makes errors.Is(err, ErrSchemaChanged) hold.
func (e *SchemaChangedError) Is(target error) bool { return target == ErrSchemaChanged }

// Unwrap returns the validation error, if any.
func (e *SchemaChangedError) Unwrap() error { return e.Err }
