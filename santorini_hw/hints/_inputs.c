/* The value network's inputs counted in C: the same numbers as `network.encode_in_python`
 * (the evaluation's sixteen features per side, the gods' indices and the board's bits),
 * for the two-player games the network scores, at a fraction of Python's cost a position;
 * and the features alone for the linear evaluation of two-player games with any gods
 * (`features`: `hints/linear.py`).
 *
 * The search scores most of its leaves with the network, and counting their inputs in
 * Python was a quarter of a search's time (docs/measurements.md). The feature
 * definitions live in `evaluation.py`; this is their arithmetic, position by position, on
 * the bitboards of `rules.position.Position` read straight from its tuple. The tables
 * (neighbours, centre, cells within two, closer cells, Minotaur's landings) and the gods
 * come from Python once (`configure`), so nothing here restates the board's geometry.
 * The tests compare it with the Python count on random positions of every pairing.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define CELLS 25
#define FEATURES 16
#define CELL_BITS 7
#define MAX_GODS 16

static uint32_t neighbours[CELLS], centre_value[CELLS], within_two[CELLS];
static uint32_t closer[CELLS][CELLS];
static int beyond[CELLS][CELLS];
static PyObject *god_order[MAX_GODS]; /* the network's GODS, index 0 being None */
static Py_ssize_t god_count;
static PyObject *apollo, *minotaur, *artemis, *pan, *prometheus, *hermes;
static int configured;

/* Position's fields, as `rules.position.Position` lays them out. */
enum { L1, L2, L3, DOMES, WORKERS, TO_MOVE, ATHENA, OUT, LINEUP };
enum { LINEUP_GODS = 1, LINEUP_SIDES = 2 };

typedef struct {
    PyObject *god;
    int up_ok;
    int count;
    int cell[4], height[4];
    uint32_t targets[4];
    uint32_t wins;
} Reach;

typedef struct {
    uint32_t l1, l2, l3, domes, occupied;
    uint32_t levels[5]; /* free cells of level 0-3, then none */
} Board;

static int read_mask(PyObject *tuple, Py_ssize_t index, uint32_t *out)
{
    long value = PyLong_AsLong(PyTuple_GET_ITEM(tuple, index));
    if (value == -1 && PyErr_Occurred())
        return -1;
    *out = (uint32_t)value;
    return 0;
}

static int height_at(const Board *b, int cell)
{
    return (b->l1 >> cell & 1) + (b->l2 >> cell & 1) + (b->l3 >> cell & 1);
}

/* `hints.tactics.move_targets` for Apollo and Minotaur: empty cells and opponents' ones. */
static uint32_t forcing_targets(const Board *b, uint32_t own, int cell, int height, int up_ok,
                                int is_apollo)
{
    uint32_t too_high;
    if (up_ok)
        too_high = height == 0 ? b->l2 : height == 1 ? b->l3 : 0;
    else
        too_high = height == 0 ? b->l1 : height == 1 ? b->l2 : height == 2 ? b->l3 : 0;
    uint32_t reach = neighbours[cell] & ~(b->domes | too_high);
    uint32_t found = reach & ~b->occupied;
    uint32_t opponents = reach & b->occupied & ~own;
    if (is_apollo)
        return found | opponents;
    uint32_t blocked = b->occupied | b->domes;
    for (int target = 0; target < CELLS; target++) {
        if (!(opponents >> target & 1))
            continue;
        int landing = beyond[cell][target];
        if (landing >= 0 && !(blocked >> landing & 1))
            found |= 1u << target;
    }
    return found;
}

/* `hints.tactics.worker_wins` for Artemis and Pan. */
static uint32_t reaching_wins(const Board *b, PyObject *god, int cell, int height,
                              uint32_t targets, int up_ok)
{
    uint32_t level3 = b->l3 & ~b->domes;
    uint32_t wins = height == 2 ? targets & level3 : 0;
    if (god == pan && height >= 2) {
        uint32_t at_most = height == 2 ? ~b->l1 : ~b->l2; /* `Position.at_most(height - 2)` */
        wins |= targets & at_most;
    } else if (god == artemis && up_ok && height >= 1) {
        uint32_t free_level3 = level3 & ~b->occupied & ~(1u << cell);
        uint32_t middles = targets & b->l2 & ~b->l3;
        for (int middle = 0; middle < CELLS; middle++)
            if (middles >> middle & 1)
                wins |= neighbours[middle] & free_level3;
    }
    return wins;
}

/* `evaluation._reach`: where `side`'s workers can go and win. */
static void reach_of(const Board *b, uint32_t own, PyObject *god, int up_ok, Reach *r)
{
    uint32_t allowed[4];
    if (up_ok) {
        allowed[0] = ~b->l2, allowed[1] = ~b->l3, allowed[2] = allowed[3] = ~0u;
    } else {
        allowed[0] = ~b->l1, allowed[1] = ~b->l2, allowed[2] = ~b->l3, allowed[3] = ~0u;
    }
    uint32_t open = ~b->occupied & ~b->domes;
    int forcing = god == apollo || god == minotaur;
    int reaching = god == artemis || god == pan;
    r->god = god, r->up_ok = up_ok, r->count = 0, r->wins = 0;
    for (int cell = 0; cell < CELLS && r->count < 4; cell++) {
        if (!(own >> cell & 1))
            continue;
        int height = height_at(b, cell);
        uint32_t found = forcing ? forcing_targets(b, own, cell, height, up_ok, god == apollo)
                                 : neighbours[cell] & allowed[height] & open;
        r->cell[r->count] = cell, r->height[r->count] = height, r->targets[r->count] = found;
        r->count++;
        if (reaching && height >= 1)
            r->wins |= reaching_wins(b, god, cell, height, found, up_ok);
        else if (height == 2)
            r->wins |= found & b->l3 & ~b->domes;
    }
}

/* `evaluation._build_reach`: cells the side could build on next turn. */
static uint32_t build_reach(const Reach *r)
{
    uint32_t around = 0;
    for (int i = 0; i < r->count; i++) {
        if (r->god == prometheus || r->god == hermes)
            around |= neighbours[r->cell[i]];
        for (int target = 0; target < CELLS; target++)
            if (r->targets[i] >> target & 1)
                around |= neighbours[target];
    }
    return around;
}

/* `evaluation._territory` of the free level-2 cells. */
static int territory(uint32_t cells, const Reach *own, const Reach *other)
{
    if (!cells || !own->count)
        return 0;
    for (int j = 0; j < other->count; j++) {
        uint32_t near = 0;
        for (int i = 0; i < own->count; i++)
            near |= closer[own->cell[i]][other->cell[j]];
        cells &= near;
    }
    return __builtin_popcount(cells);
}

/* `evaluation.side_features`, written as floats in the order of `FEATURES`. */
static void side_features(const Board *b, const Reach *own, const Reach *other, float *out)
{
    uint32_t free_level2 = b->levels[2];
    uint32_t free = b->levels[0] | b->levels[1] | free_level2 | b->levels[3];
    int on_level[4] = {0, 0, 0, 0};
    int mobility = 0, climbs = 0, centre = 0, trapped = 0, stairs = 0, unguarded = 0;
    int around = 0;
    uint32_t near = 0, opposing = 0;
    for (int j = 0; j < other->count; j++)
        opposing |= 1u << other->cell[j];
    for (int i = 0; i < own->count; i++) {
        int cell = own->cell[i], height = own->height[i];
        uint32_t targets = own->targets[i];
        uint32_t up = b->levels[height + 1];
        uint32_t beside = neighbours[cell] & free;
        on_level[height]++;
        mobility += __builtin_popcount(targets);
        if (own->up_ok)
            climbs += __builtin_popcount(targets & up);
        centre += (int)centre_value[cell];
        stairs += __builtin_popcount(beside & up);
        around += __builtin_popcount(beside & b->l1);
        if (height >= 1)
            around += __builtin_popcount(beside & b->l2);
        if (height >= 2)
            around += __builtin_popcount(beside & b->l3);
        if (!targets)
            trapped++;
        if (height == 2) {
            near |= neighbours[cell] & free_level2;
            if (!(within_two[cell] & opposing))
                unguarded++;
        }
    }
    int threats = __builtin_popcount(own->wins);
    int unstoppable = threats && (own->wins & ~build_reach(other)) ? 1 : 0;
    int values[FEATURES] = {
        on_level[1], on_level[2], on_level[3], mobility, climbs, centre, trapped,
        trapped == own->count, threats ? 1 : 0, threats > 1 ? threats - 1 : 0, unstoppable,
        __builtin_popcount(near), stairs, unguarded, around,
        territory(b->l2 & ~b->l3 & ~b->domes, own, other),
    };
    for (int k = 0; k < FEATURES; k++)
        out[k] = (float)values[k];
}

static int god_index(PyObject *god, Py_ssize_t *index)
{
    for (Py_ssize_t i = 0; i < god_count; i++)
        if (god_order[i] == god) {
            *index = i;
            return 0;
        }
    PyErr_Format(PyExc_ValueError, "the value network knows no god %R", god);
    return -1;
}

/* A two-player position read from its tuple: the board, each side's workers and reach,
 * and the player to move. Any gods: only the simple gods' powers change a reach (as in
 * `evaluation._reach`). */
static int read_two_player(PyObject *position, Board *b, uint32_t own[2], Reach reach[2],
                           long *mover)
{
    if (!PyTuple_Check(position) || PyTuple_GET_SIZE(position) <= LINEUP) {
        PyErr_SetString(PyExc_TypeError, "not a Position");
        return -1;
    }
    long athena;
    PyObject *workers = PyTuple_GET_ITEM(position, WORKERS);
    PyObject *lineup = PyTuple_GET_ITEM(position, LINEUP);
    if (read_mask(position, L1, &b->l1) || read_mask(position, L2, &b->l2) ||
        read_mask(position, L3, &b->l3) || read_mask(position, DOMES, &b->domes))
        return -1;
    if (!PyTuple_Check(workers) || PyTuple_GET_SIZE(workers) != 2 || !PyTuple_Check(lineup)) {
        PyErr_SetString(PyExc_ValueError, "two-player games only");
        return -1;
    }
    PyObject *lineup_gods = PyTuple_GET_ITEM(lineup, LINEUP_GODS);
    PyObject *sides = PyTuple_GET_ITEM(lineup, LINEUP_SIDES);
    if (!PyTuple_Check(lineup_gods) || PyTuple_GET_SIZE(lineup_gods) != 2 ||
        !PyTuple_Check(sides) || PyTuple_GET_SIZE(sides) != 2) {
        PyErr_SetString(PyExc_ValueError, "two-player games only");
        return -1;
    }
    if (read_mask(workers, 0, &own[0]) || read_mask(workers, 1, &own[1]))
        return -1;
    *mover = PyLong_AsLong(PyTuple_GET_ITEM(position, TO_MOVE));
    athena = PyLong_AsLong(PyTuple_GET_ITEM(position, ATHENA));
    if (PyErr_Occurred())
        return -1;
    if (*mover < 0 || *mover > 1) {
        PyErr_SetString(PyExc_ValueError, "the player to move is not one of two");
        return -1;
    }
    long athena_side = -1;
    if (athena >= 0) {
        if (athena > 1) {
            PyErr_SetString(PyExc_ValueError, "Athena's block names no player");
            return -1;
        }
        athena_side = PyLong_AsLong(PyTuple_GET_ITEM(sides, athena));
        if (athena_side == -1 && PyErr_Occurred())
            return -1;
    }
    b->occupied = own[0] | own[1];
    uint32_t free = ~b->occupied & ~b->domes;
    b->levels[0] = ~b->l1 & free, b->levels[1] = b->l1 & ~b->l2 & free;
    b->levels[2] = b->l2 & ~b->l3 & free, b->levels[3] = b->l3 & free, b->levels[4] = 0;
    for (int side = 0; side < 2; side++)
        reach_of(b, own[side], PyTuple_GET_ITEM(lineup_gods, side),
                 athena < 0 || athena_side == side, &reach[side]);
    return 0;
}

/* One position's inputs: its features row, gods row and board row. */
static int encode_one(PyObject *position, float *features, int64_t *gods, float *board)
{
    Board b;
    uint32_t own[2];
    Reach reach[2];
    long mover;
    if (read_two_player(position, &b, own, reach, &mover))
        return -1;
    int other = 1 - (int)mover;
    side_features(&b, &reach[mover], &reach[other], features);
    side_features(&b, &reach[other], &reach[mover], features + FEATURES);
    Py_ssize_t index;
    if (god_index(reach[mover].god, &index))
        return -1;
    gods[0] = index;
    if (god_index(reach[other].god, &index))
        return -1;
    gods[1] = index;
    uint32_t kinds[CELL_BITS] = {~b.l1, b.l1 & ~b.l2, b.l2 & ~b.l3, b.l3, b.domes,
                                 own[mover], own[other]};
    for (int cell = 0; cell < CELLS; cell++)
        for (int k = 0; k < CELL_BITS; k++)
            board[cell * CELL_BITS + k] = (float)(kinds[k] >> cell & 1);
    return 0;
}

/* Both sides' features of a two-player position with any gods, side 0's first, as two
 * tuples of ints: the linear evaluation's count (`evaluation.all_features`). */
static PyObject *features(PyObject *self, PyObject *position)
{
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "call configure() first");
        return NULL;
    }
    Board b;
    uint32_t own[2];
    Reach reach[2];
    long mover;
    if (read_two_player(position, &b, own, reach, &mover))
        return NULL;
    PyObject *rows = PyTuple_New(2);
    if (rows == NULL)
        return NULL;
    for (int side = 0; side < 2; side++) {
        float counted[FEATURES];
        side_features(&b, &reach[side], &reach[1 - side], counted);
        PyObject *row = PyTuple_New(FEATURES);
        if (row == NULL) {
            Py_DECREF(rows);
            return NULL;
        }
        PyTuple_SET_ITEM(rows, side, row);
        for (int k = 0; k < FEATURES; k++) {
            PyObject *value = PyLong_FromLong((long)counted[k]);
            if (value == NULL) {
                Py_DECREF(rows);
                return NULL;
            }
            PyTuple_SET_ITEM(row, k, value);
        }
    }
    return rows;
}

static int writable(PyObject *object, Py_buffer *view, Py_ssize_t bytes, const char *what)
{
    if (PyObject_GetBuffer(object, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view->len != bytes) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd bytes, not %zd", what, view->len, bytes);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static PyObject *encode(PyObject *self, PyObject *args)
{
    PyObject *positions, *features_out, *gods_out, *board_out;
    if (!PyArg_ParseTuple(args, "OOOO", &positions, &features_out, &gods_out, &board_out))
        return NULL;
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "call configure() first");
        return NULL;
    }
    PyObject *sequence = PySequence_Fast(positions, "positions must be a sequence");
    if (sequence == NULL)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence);
    Py_buffer features, gods, board;
    int failed = -1;
    if (writable(features_out, &features, count * 2 * FEATURES * 4, "features"))
        goto no_features;
    if (writable(gods_out, &gods, count * 2 * 8, "gods"))
        goto no_gods;
    if (writable(board_out, &board, count * CELLS * CELL_BITS * 4, "board"))
        goto no_board;
    failed = 0;
    for (Py_ssize_t i = 0; !failed && i < count; i++)
        failed = encode_one(PySequence_Fast_GET_ITEM(sequence, i),
                            (float *)features.buf + i * 2 * FEATURES, (int64_t *)gods.buf + i * 2,
                            (float *)board.buf + i * CELLS * CELL_BITS);
    PyBuffer_Release(&board);
no_board:
    PyBuffer_Release(&gods);
no_gods:
    PyBuffer_Release(&features);
no_features:
    Py_DECREF(sequence);
    if (failed)
        return NULL;
    Py_RETURN_NONE;
}

static int read_table(PyObject *table, uint32_t *out, Py_ssize_t size, const char *what)
{
    PyObject *sequence = PySequence_Fast(table, what);
    if (sequence == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(sequence) < size) {
        PyErr_Format(PyExc_ValueError, "%s has fewer than %zd entries", what, size);
        Py_DECREF(sequence);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(sequence, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(sequence);
            return -1;
        }
        out[i] = (uint32_t)value;
    }
    Py_DECREF(sequence);
    return 0;
}

static PyObject *configure(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"neighbours", "centre", "within_two", "closer", "beyond", "gods",
                            "apollo", "minotaur", "artemis", "pan", "prometheus", "hermes",
                            NULL};
    PyObject *n, *c, *w, *cl, *be, *g;
    PyObject *special[6];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$OOOOOOOOOOOO", names, &n, &c, &w, &cl, &be,
                                     &g, &special[0], &special[1], &special[2], &special[3],
                                     &special[4], &special[5]))
        return NULL;
    if (read_table(n, neighbours, CELLS, "neighbours") ||
        read_table(c, centre_value, CELLS, "centre") ||
        read_table(w, within_two, CELLS, "within_two"))
        return NULL;
    PyObject *rows[2] = {cl, be};
    for (int t = 0; t < 2; t++) {
        PyObject *sequence = PySequence_Fast(rows[t], "a table of rows");
        if (sequence == NULL)
            return NULL;
        int failed = PySequence_Fast_GET_SIZE(sequence) < CELLS;
        if (failed)
            PyErr_SetString(PyExc_ValueError, "a table has fewer than 25 rows");
        for (Py_ssize_t i = 0; !failed && i < CELLS; i++) {
            uint32_t row[CELLS];
            failed = read_table(PySequence_Fast_GET_ITEM(sequence, i), row, CELLS, "a row");
            for (int j = 0; !failed && j < CELLS; j++) {
                if (t == 0)
                    closer[i][j] = row[j];
                else
                    beyond[i][j] = (int)(int32_t)row[j];
            }
        }
        Py_DECREF(sequence);
        if (failed)
            return NULL;
    }
    PyObject *sequence = PySequence_Fast(g, "gods must be a sequence");
    if (sequence == NULL)
        return NULL;
    if (PySequence_Fast_GET_SIZE(sequence) > MAX_GODS) {
        Py_DECREF(sequence);
        PyErr_SetString(PyExc_ValueError, "too many gods");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < god_count; i++)
        Py_CLEAR(god_order[i]);
    god_count = PySequence_Fast_GET_SIZE(sequence);
    for (Py_ssize_t i = 0; i < god_count; i++) {
        god_order[i] = PySequence_Fast_GET_ITEM(sequence, i);
        Py_INCREF(god_order[i]);
    }
    Py_DECREF(sequence);
    PyObject **targets[6] = {&apollo, &minotaur, &artemis, &pan, &prometheus, &hermes};
    for (int i = 0; i < 6; i++) {
        Py_XSETREF(*targets[i], Py_NewRef(special[i]));
    }
    configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"configure", (PyCFunction)(void (*)(void))configure, METH_VARARGS | METH_KEYWORDS,
     "Take the board's tables and the gods, once, before encode()."},
    {"encode", encode, METH_VARARGS,
     "Fill the features, gods and board arrays of the positions' network inputs."},
    {"features", features, METH_O,
     "Both sides' evaluation features of a two-player position, side 0's first."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_inputs", "The value network's inputs counted in C.", -1, methods,
};

PyMODINIT_FUNC PyInit__inputs(void)
{
    return PyModule_Create(&module);
}
