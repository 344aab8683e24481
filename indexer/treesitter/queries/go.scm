; Go
(package_clause (package_identifier) @package)

; ---- Functions and methods (the receiver's type, pointer or generic, owns the method)
(function_declaration name: (identifier) @name) @definition.function
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [(type_identifier) @receiver
             (pointer_type (type_identifier) @receiver)
             (generic_type type: (type_identifier) @receiver)
             (pointer_type (generic_type type: (type_identifier) @receiver))]))
  name: (field_identifier) @name) @definition.method

; ---- Types
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type
(type_alias name: (type_identifier) @name) @definition.type

; ---- Members: struct fields (embedded ones are named after their type), interface methods
(field_declaration_list
  (field_declaration name: (field_identifier) @name) @definition.field)
(field_declaration_list
  (field_declaration
    !name
    type: [(type_identifier) @name
           (pointer_type (type_identifier) @name)
           (qualified_type name: (type_identifier) @name)
           (generic_type type: (type_identifier) @name)]) @definition.field)
(interface_type (method_elem name: (field_identifier) @name) @definition.method)

; ---- Package-level constants and variables (the blank `_` of `var _ I = T{}` declares none)
(source_file (const_declaration
  (const_spec name: (identifier) @name (#not-eq? @name "_")) @definition.constant))
(source_file (var_declaration
  (var_spec name: (identifier) @name (#not-eq? @name "_")) @definition.variable))
(source_file (var_declaration (var_spec_list
  (var_spec name: (identifier) @name (#not-eq? @name "_")) @definition.variable)))

; ---- Embedded interfaces extend the interface
(interface_type
  (type_elem
    [(type_identifier) @name
     (qualified_type name: (type_identifier) @name)])) @reference.extends

; ---- Calls: `f()`, `pkg.F()`, `x.M()`, `F[T]()`
(call_expression
  function: [(identifier) @name
             (selector_expression field: (field_identifier) @name)
             (generic_type type: (type_identifier) @name)
             (index_expression operand: [(identifier) @name
                                         (selector_expression field: (field_identifier) @name)])]) @reference.call
; `Sum[float64](x)`: one argument after type arguments reads as a conversion to a generic type
(type_conversion_expression
  type: (generic_type type: [(type_identifier) @name
                             (qualified_type name: (type_identifier) @name)])) @reference.call

; ---- Imports
(import_spec name: (package_identifier) @name) @reference.import
(import_spec path: (interpreted_string_literal (interpreted_string_literal_content) @name)) @reference.import
