package clash

import "testing"

// The clashing definitions each keep a type of their own, under a
// qualified name, and the data of each reaches its own type.
func TestDerivedNames(t *testing.T) {
	doc, err := ParseDoc([]byte(`{"a": {"x": "1"}, "b": {"y": "2"}, "p": "read", "q": {"level": 3},
		"n": {"options": {"deep": true}}, "m": {"b_options": {"wide": true}}, "color": "red", "red": {"shade": "dark"}}`))
	if err != nil {
		t.Fatal(err)
	}
	var (
		_ *DocUserInfo = doc.A
		_ *UserInfo    = doc.B
		_ *Permission  = doc.Q
	)
	if *doc.A.X != "1" || *doc.B.Y != "2" || *doc.P != DocPermissionRead || *doc.Q.Level != 3 {
		t.Errorf("got %+v", doc)
	}
	var deep *DocABOptions = doc.N.Options
	var wide *ABOptions = doc.M.BOptions
	if !*deep.Deep || !*wide.Wide {
		t.Errorf("options: %+v %+v", deep, wide)
	}
	if *doc.Color != DocColorAtPropertiesColorRed || *doc.Red.Shade != "dark" {
		t.Errorf("color: %v %+v", *doc.Color, doc.Red)
	}
}
