; TypeScript (also loaded for TSX, whose grammar shares these node names).
; Earlier patterns win when two capture the same node.

; ---- Types
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(enum_body (enum_assignment name: (property_identifier) @name) @definition.enumMember)
(enum_body ((property_identifier) @name) @definition.enumMember)

; ---- Namespaces and modules: `namespace A.B {}`, `module M {}`, `declare module "x" {}`
(internal_module name: [(identifier) (nested_identifier) (string)] @name) @definition.namespace
(module name: [(identifier) (nested_identifier) (string)] @name) @definition.module

; ---- Functions, including overload signatures and `declare function`
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function

; `const f = () => {}`, `const f = function () {}` (anywhere: nested helpers are functions too)
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function

; ---- Class members
(class_body (method_definition "get" name: (_) @name) @definition.property)
(class_body (method_definition "set" name: (_) @name) @definition.property)
(class_body (method_definition name: (_) @name) @definition.method)
(class_body (method_signature name: (_) @name) @definition.method)
(abstract_method_signature name: (_) @name) @definition.method
(public_field_definition
  name: (_) @name
  value: [(arrow_function) (function_expression)]) @definition.method
(public_field_definition name: (_) @name) @definition.field

; ---- Interface and object-type members
(interface_body (method_signature name: (_) @name) @definition.method)
(interface_body (property_signature name: (_) @name) @definition.property)
(type_alias_declaration
  value: (object_type (method_signature name: (_) @name) @definition.method))
(type_alias_declaration
  value: (object_type (property_signature name: (_) @name) @definition.property))
; ... and of the object types an intersection or a union joins (`type Opts = Base & { path: string }`,
; `type Action = { type: "a" } | { type: "b" } | ...`): tree-sitter nests `A | B | C` to the left, so
; the chain goes 24 deep; every `@joined` node must be a union, an intersection or parentheses
; (extract._joins), not `Partial<{ ... }>`
(type_alias_declaration value: (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ [(object_type (method_signature name: (_) @name) @definition.method) (_ (object_type (method_signature name: (_) @name) @definition.method)) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined)
(type_alias_declaration value: (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ [(object_type (property_signature name: (_) @name) @definition.property) (_ (object_type (property_signature name: (_) @name) @definition.property)) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined]) @joined)

; ... and of any other type literal that is the type of a symbol: a parameter's or return type of a
; function or method (`connect(opts: { host: string })`), a property's or class field's type
; (`inner: { x: number }`), an alias's one literal in type arguments (`type O = Partial<{ a: 1 }>`);
; a literal elsewhere (another type argument, a local's) is dropped
; (typeliterals.held)
(object_type (method_signature name: (_) @name) @definition.method) @typed
(object_type (property_signature name: (_) @name) @definition.property) @typed

; ---- Module-level variables and constants (also inside namespaces)
(program (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant))
(program (export_statement (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant)))
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(program (ambient_declaration (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(program (ambient_declaration (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
; `export declare const URI = 'Option'` (a .d.ts build's every export: fp-ts, io-ts)
(program (export_statement (ambient_declaration (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))))
(program (export_statement (ambient_declaration (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))))
(internal_module body: (statement_block (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant)))
(internal_module body: (statement_block (export_statement (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant))))
(internal_module body: (statement_block (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(internal_module body: (statement_block (export_statement (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))))

; ---- Base types
(class_heritage
  (extends_clause
    value: [(identifier) @name (member_expression property: (property_identifier) @name)])) @reference.extends
(class_heritage
  (implements_clause
    [(type_identifier) @name
     (generic_type name: [(type_identifier) @name (nested_type_identifier name: (type_identifier) @name)])
     (nested_type_identifier name: (type_identifier) @name)])) @reference.implements
(extends_type_clause
  type: [(type_identifier) @name
         (generic_type name: [(type_identifier) @name (nested_type_identifier name: (type_identifier) @name)])
         (nested_type_identifier name: (type_identifier) @name)]) @reference.extends
; `type A = B<T>`: the alias is that type (an interface extending A extends B)
(type_alias_declaration
  value: [(type_identifier) @name
          (generic_type name: [(type_identifier) @name (nested_type_identifier name: (type_identifier) @name)])
          (nested_type_identifier name: (type_identifier) @name)]) @reference.extends
; `type R = Pick<I, 'a'>`, `interface S extends Omit<I, 'b'>`, `class C implements Partial<I>`:
; a homomorphic mapped type's members are I's, which tsgo's references relate: R extends I too
([(type_alias_declaration value: (generic_type name: (type_identifier) @_util type_arguments:
    (type_arguments . [(type_identifier) @name
                       (generic_type name: [(type_identifier) @name
                                            (nested_type_identifier name: (type_identifier) @name)])
                       (nested_type_identifier name: (type_identifier) @name)])))
  (extends_type_clause type: (generic_type name: (type_identifier) @_util type_arguments:
    (type_arguments . [(type_identifier) @name
                       (generic_type name: [(type_identifier) @name
                                            (nested_type_identifier name: (type_identifier) @name)])
                       (nested_type_identifier name: (type_identifier) @name)])))]
  @reference.extends
  (#any-of? @_util "Pick" "Omit" "Partial" "Required" "Readonly"))
(class_heritage (implements_clause (generic_type name: (type_identifier) @_util type_arguments:
    (type_arguments . [(type_identifier) @name
                       (generic_type name: [(type_identifier) @name
                                            (nested_type_identifier name: (type_identifier) @name)])
                       (nested_type_identifier name: (type_identifier) @name)])))
  @reference.implements
  (#any-of? @_util "Pick" "Omit" "Partial" "Required" "Readonly"))
; `const p: Provider = { now() {} }`: the object implements the type it is declared with
(variable_declarator
  type: (type_annotation
    [(type_identifier) @name
     (generic_type name: [(type_identifier) @name (nested_type_identifier name: (type_identifier) @name)])
     (nested_type_identifier name: (type_identifier) @name)])
  value: (object)) @reference.typed
; `private message: Message = { id: undefined }`: so does a class field's
(public_field_definition
  type: (type_annotation
    [(type_identifier) @name
     (generic_type name: [(type_identifier) @name (nested_type_identifier name: (type_identifier) @name)])
     (nested_type_identifier name: (type_identifier) @name)])
  value: (object)) @reference.typed
; `const o: A & B = {...}`: the object implements each type of the intersection
(variable_declarator
  type: (type_annotation
    (intersection_type
      [(type_identifier) @name
       (generic_type name: [(type_identifier) @name (nested_type_identifier name: (type_identifier) @name)])
       (nested_type_identifier name: (type_identifier) @name)]))
  value: (object)) @reference.typed
(variable_declarator
  type: (type_annotation
    (intersection_type
      (intersection_type
        [(type_identifier) @name
         (generic_type name: [(type_identifier) @name (nested_type_identifier name: (type_identifier) @name)])
         (nested_type_identifier name: (type_identifier) @name)])))
  value: (object)) @reference.typed
; `const rules: Rule[] = [{...}]`: the objects of the array implement its element type
(variable_declarator
  type: (type_annotation
    (array_type
      [(type_identifier) @name
       (generic_type name: [(type_identifier) @name (nested_type_identifier name: (type_identifier) @name)])
       (nested_type_identifier name: (type_identifier) @name)]))
  value: (array (object))) @reference.typed

; `function make(): Api { if (a) { return { get() {} } } ... }`: an object a function returns (in
; its body or a block of it, not in a function nested in it: `extract._returned`), or an arrow's
; `({ ... })`, implements the function's declared return type
(return_statement [(object) @name (parenthesized_expression (object) @name)]) @reference.returned
(arrow_function
  return_type: (type_annotation)
  body: (parenthesized_expression (object) @name)) @reference.returned

; ---- Calls: `f()`, `obj.m()`, `this.#m()`, `new X()`
(call_expression
  function: [(identifier) @name
             (member_expression property: [(property_identifier) (private_property_identifier)] @name)]) @reference.call
(new_expression
  constructor: [(identifier) @name (member_expression property: (property_identifier) @name)]) @reference.call

; ---- Imports and re-exports from other modules
(import_clause (identifier) @name) @reference.import
(import_specifier name: (identifier) @name) @reference.import
(import_specifier alias: (identifier) @name) @reference.import
(namespace_import (identifier) @name) @reference.import
(import_require_clause (identifier) @name) @reference.import
(export_statement
  (export_clause (export_specifier name: (identifier) @name))
  source: (string)) @reference.import
