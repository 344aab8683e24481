; The file's namespace
(namespace_definition name: (namespace_name) @package)

; Types
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.enumMember

; Functions, methods, properties, constants
(function_definition name: (name) @name) @definition.function
(method_declaration name: (name) @name) @definition.method
(property_declaration (property_element name: (variable_name (name) @name))) @definition.property
(const_declaration (const_element (name) @name)) @definition.constant

; Base types
(base_clause [(name) @name (qualified_name (name) @name)]) @reference.extends
(class_interface_clause [(name) @name (qualified_name (name) @name)]) @reference.implements
(use_declaration (name) @name) @reference.implements

; Calls: plain, member, static and `new X()`
(function_call_expression function: [(name) @name (qualified_name (name) @name)]) @reference.call
(member_call_expression name: (name) @name) @reference.call
(nullsafe_member_call_expression name: (name) @name) @reference.call
(scoped_call_expression name: (name) @name) @reference.call
(object_creation_expression [(name) @name (qualified_name (name) @name)]) @reference.call

; Imports
(namespace_use_clause [(name) @name (qualified_name (name) @name)]) @reference.import
