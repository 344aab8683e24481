; Rust

; ---- Types
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.union
(enum_item name: (type_identifier) @name) @definition.enum
(enum_variant name: (identifier) @name) @definition.enumMember
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(associated_type name: (type_identifier) @name) @definition.type

; ---- Fields: `struct S { a: T }` and struct-like enum variants
(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)

; ---- Functions; inside a trait or an impl they become methods
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function

; ---- `impl X` / `impl Trait for X`: the block's functions are members of X
(impl_item
  type: [(type_identifier) @name
         (generic_type type: (type_identifier) @name)
         (scoped_type_identifier name: (type_identifier) @name)
         (generic_type type: (scoped_type_identifier name: (type_identifier) @name))]) @scope
(impl_item
  trait: [(type_identifier) @name
          (generic_type type: (type_identifier) @name)
          (scoped_type_identifier name: (type_identifier) @name)
          (generic_type type: (scoped_type_identifier name: (type_identifier) @name))]) @reference.implements

; Supertraits: `trait Shape: Debug + Clone`
(trait_item
  bounds: (trait_bounds
    [(type_identifier) @name
     (generic_type type: (type_identifier) @name)
     (scoped_type_identifier name: (type_identifier) @name)])) @reference.extends

; ---- Modules, macros, constants and statics
(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.macro
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable

; ---- Calls: `f()`, `a::b()`, `x.m()`, `f::<T>()`, `m!()`
(call_expression
  function: [(identifier) @name
             (scoped_identifier name: (identifier) @name)
             (field_expression field: (field_identifier) @name)
             (generic_function
               function: [(identifier) @name
                          (scoped_identifier name: (identifier) @name)
                          (field_expression field: (field_identifier) @name)])]) @reference.call
(macro_invocation
  macro: [(identifier) @name (scoped_identifier name: (identifier) @name)]) @reference.call

; ---- Imports: `use a::b;`, `use a::{b, c as d};`
(use_declaration
  argument: [(identifier) @name
             (scoped_identifier name: (identifier) @name)
             (use_as_clause alias: (identifier) @name)]) @reference.import
(use_list
  [(identifier) @name
   (scoped_identifier name: (identifier) @name)
   (use_as_clause alias: (identifier) @name)]) @reference.import
