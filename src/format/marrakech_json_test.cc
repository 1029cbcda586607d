#include "format/game_modules.h"
