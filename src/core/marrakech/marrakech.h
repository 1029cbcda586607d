// Marrakech: not yet implemented (issue 7).
#pragma once
namespace souk::marrakech {}
