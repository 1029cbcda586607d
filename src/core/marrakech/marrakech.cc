#include "core/marrakech/marrakech.h"
