; The file's package
(package_header (identifier) @package)

; Types (interface and enum before the general class pattern: the first matching pattern wins)
(class_declaration "interface" (type_identifier) @name) @definition.interface
(class_declaration "enum" (type_identifier) @name) @definition.enum
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(enum_entry (simple_identifier) @name) @definition.enumMember
(type_alias (type_identifier) @name) @definition.type

; Functions (methods inside a class body) and properties
(function_declaration (simple_identifier) @name) @definition.function
(property_declaration (variable_declaration (simple_identifier) @name)) @definition.property

; Base types: a constructor call is the superclass, a bare type an interface
(delegation_specifier (constructor_invocation (user_type (type_identifier) @name))) @reference.extends
(delegation_specifier (user_type (type_identifier) @name)) @reference.implements

; Calls: plain and member
(call_expression (simple_identifier) @name) @reference.call
(call_expression (navigation_expression (navigation_suffix (simple_identifier) @name))) @reference.call

; Imports
(import_header (identifier (simple_identifier) @name .)) @reference.import
