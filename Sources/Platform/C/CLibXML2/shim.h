// Module map header paths are relative to this folder, so libxml2's headers are reached
// through a shim. Only the streaming reader is used (SIRISource).
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
