package gotypes

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/structgen/structgen/gen/internal/ojson"
)

// oneOf maps an interface marked //structgen:oneof.
func (m *mapper) oneOf(n *types.Named, spec string, pos token.Pos) *ojson.Object {
	obj := n.Obj()
	iface, ok := n.Underlying().(*types.Interface)
	if !ok {
		m.errorf(obj.Pos(), "%s marks %s, which is not an interface", OneOfMarker, obj.Name())
		return kv()
	}
	args := strings.Fields(spec)
	if len(args) < 2 {
		m.errorf(obj.Pos(), "%s %s: want the discriminating property and the variants: %s kind Circle Square", OneOfMarker, spec, OneOfMarker)
		return kv()
	}
	o := &OneOf{Name: obj.Name(), Property: args[0]}
	var branches []any
	for _, vname := range args[1:] {
		tn, _ := obj.Pkg().Scope().Lookup(vname).(*types.TypeName)
		if tn == nil {
			m.errorf(obj.Pos(), "%s %s: no type %s in package %s", OneOfMarker, spec, vname, obj.Pkg().Name())
			continue
		}
		v := Variant{Type: vname}
		switch {
		case types.Implements(tn.Type(), iface):
		case types.Implements(types.NewPointer(tn.Type()), iface):
			v.Pointer = true
		default:
			m.errorf(obj.Pos(), "%s does not implement %s", vname, obj.Name())
			continue
		}
		st, _ := tn.Type().Underlying().(*types.Struct)
		tag := ""
		found := false
		for i := 0; st != nil && i < st.NumFields(); i++ {
			ft, _ := parseTag(st.Tag(i))
			name := ft.json
			if name == "" {
				name = st.Field(i).Name()
			}
			if name != o.Property {
				continue
			}
			found = true
			if b, ok := st.Field(i).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
				m.errorf(st.Field(i).Pos(), "discriminator %s.%s must be a string", vname, st.Field(i).Name())
			}
			if c, ok := strings.CutPrefix(ft.schema, "const="); ok {
				tag = c
			}
		}
		if !found {
			m.errorf(tn.Pos(), "variant %s of %s has no %q property to tell it apart", vname, obj.Name(), o.Property)
			continue
		}
		if tag == "" {
			tag = vname
		}
		v.Tag = tag
		o.Variants = append(o.Variants, v)
		ref := m.named(tn.Type().(*types.Named), pos, false)
		branch := kv("$ref", ref.Vals["$ref"], "properties", kv(o.Property, kv("const", tag)), "required", []any{o.Property})
		branches = append(branches, branch)
	}
	m.oneOfs[o.Name] = o
	out := kv("oneOf", branches)
	if desc, _ := description(m.docs[obj]); desc != "" {
		out = withFirst(out, "description", desc)
	}
	return out
}

// noteOneOfField records a struct field that holds a OneOf, so that its
// struct gets a decoder.
func (m *mapper) noteOneOfField(f jsonField, owner *types.Named) {
	t := f.v.Type()
	slice := false
	if s, ok := t.(*types.Slice); ok {
		t, slice = s.Elem(), true
	}
	n, ok := t.(*types.Named)
	if !ok {
		return
	}
	if _, marked := m.oneOfSpec[n.Obj()]; !marked {
		return
	}
	if owner == nil || owner.Obj().Pkg() != m.pkg.Types || len(f.index) != 1 {
		m.errorf(f.v.Pos(), "a %s field must be a direct field of a struct type declared in package %s, which structgen gives a decoder", n.Obj().Name(), m.pkg.Name)
		return
	}
	if implementsUnmarshaler(owner) {
		m.errorf(owner.Obj().Pos(), "%s has its own UnmarshalJSON; structgen cannot add the decoder its %s field needs", owner.Obj().Name(), n.Obj().Name())
		return
	}
	d := m.decoders[owner.Obj().Name()]
	if d == nil {
		d = &Decoder{Type: owner.Obj().Name()}
		m.decoders[d.Type] = d
	}
	for _, existing := range d.Fields {
		if existing.Name == f.v.Name() {
			return
		}
	}
	d.Fields = append(d.Fields, OneOfField{Name: f.v.Name(), JSON: f.name, OneOf: n.Obj().Name(), Slice: slice})
}

// implementsUnmarshaler reports whether t has its own UnmarshalJSON (the
// generated file is hidden from the type checker, so it is the user's).
func implementsUnmarshaler(t types.Type) bool { return hasMethod(t, "UnmarshalJSON") }
