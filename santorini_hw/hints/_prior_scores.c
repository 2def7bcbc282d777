/* The move prior's scores of boards, in C: the same integers as `prior_turns`'s Python
 * `board_score` and `build_change`, for the hundreds of boards a node one turn from the
 * horizon scores (about a fifth of a search with the prior, in Python).
 *
 * Each call takes one god's weights packed by `prior_turns.packed` (int32, native order):
 * per cell its neighbours and the cells within two steps, then per side (the mover's
 * first) a weight per worker level 0-2 and kind of neighbouring cell (level 0-3, dome),
 * per cell the centre weight, and the unguarded worker's weight. The tables come from
 * Python, so nothing here restates the board's geometry or the fit.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define CELLS 25
#define LEVELS 3
#define KINDS 5

typedef struct {
    int32_t neighbours[CELLS];
    int32_t within_two[CELLS];
    int32_t kinds[2][LEVELS][KINDS];
    int32_t centre[2][CELLS];
    int32_t unguarded[2];
} Weights;

static const Weights *weights_of(PyObject *packed)
{
    if (!PyBytes_Check(packed) || PyBytes_GET_SIZE(packed) != (Py_ssize_t)sizeof(Weights)) {
        PyErr_SetString(PyExc_ValueError, "not a move prior's packed weights");
        return NULL;
    }
    return (const Weights *)PyBytes_AS_STRING(packed);
}

static int read_masks(PyObject *const *args, int count, uint32_t *out)
{
    for (int i = 0; i < count; i++) {
        long value = PyLong_AsLong(args[i]);
        if (value == -1 && PyErr_Occurred())
            return -1;
        out[i] = (uint32_t)value;
    }
    return 0;
}

static int read_board(PyObject *board, uint32_t *out)
{
    if (!PyTuple_Check(board) || PyTuple_GET_SIZE(board) != 4) {
        PyErr_SetString(PyExc_TypeError, "a board is a tuple of four bitboards");
        return -1;
    }
    return read_masks(&PyTuple_GET_ITEM(board, 0), 4, out);
}

/* A free cell's kind: its level 0-3, or 4 for a dome. */
static int kind_of(const uint32_t *board, int cell)
{
    if (board[3] >> cell & 1)
        return 4;
    return (board[0] >> cell & 1) + (board[1] >> cell & 1) + (board[2] >> cell & 1);
}

/* board_score(weights, board, mine, theirs): the prior's score of `board` with the
 * mover's workers `mine` (just moved) and the others' `theirs`. */
static PyObject *board_score(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint32_t board[4], workers[2];
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "board_score(weights, board, mine, theirs)");
        return NULL;
    }
    const Weights *w = weights_of(args[0]);
    if (w == NULL || read_board(args[1], board) || read_masks(args + 2, 2, workers))
        return NULL;
    uint32_t l1 = board[0], l2 = board[1], l3 = board[2], domes = board[3];
    uint32_t free = ((1u << CELLS) - 1) & ~(workers[0] | workers[1] | domes);
    uint32_t by_kind[KINDS] = {free & ~l1, free & l1 & ~l2, free & l2 & ~l3, free & l3, domes};
    long total = 0;
    for (int who = 0; who < 2; who++) {
        uint32_t own = workers[who], opposing = workers[1 - who];
        for (int cell = 0; cell < CELLS; cell++) {
            if (!(own >> cell & 1))
                continue;
            int level = (l1 >> cell & 1) + (l2 >> cell & 1); /* a level-3 worker counts as 2 */
            const int32_t *row = w->kinds[who][level];
            uint32_t near = (uint32_t)w->neighbours[cell];
            total += w->centre[who][cell];
            for (int kind = 0; kind < KINDS; kind++)
                total += __builtin_popcount(near & by_kind[kind]) * row[kind];
            if (level == 2 && !((uint32_t)w->within_two[cell] & opposing))
                total += w->unguarded[who];
        }
    }
    return PyLong_FromLong(total);
}

/* build_change(weights, board, built, mine, theirs): what building `board` into `built`
 * changes in the score: the workers next to each built cell count it as its new kind. */
static PyObject *build_change(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    uint32_t before[4], after[4], workers[2];
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "build_change(weights, board, built, mine, theirs)");
        return NULL;
    }
    const Weights *w = weights_of(args[0]);
    if (w == NULL || read_board(args[1], before) || read_board(args[2], after) ||
        read_masks(args + 3, 2, workers))
        return NULL;
    uint32_t changed = (before[0] ^ after[0]) | (before[1] ^ after[1]) |
                       (before[2] ^ after[2]) | (before[3] ^ after[3]);
    long change = 0;
    for (int cell = 0; cell < CELLS; cell++) {
        if (!(changed >> cell & 1))
            continue;
        int was = kind_of(before, cell), now = kind_of(after, cell);
        for (int who = 0; who < 2; who++)
            for (int worker = 0; worker < CELLS; worker++) {
                if (!(workers[who] >> worker & 1) || !(w->neighbours[worker] >> cell & 1))
                    continue;
                int level = (before[0] >> worker & 1) + (before[1] >> worker & 1);
                change += w->kinds[who][level][now] - w->kinds[who][level][was];
            }
    }
    return PyLong_FromLong(change);
}

static PyMethodDef methods[] = {
    {"board_score", (PyCFunction)(void (*)(void))board_score, METH_FASTCALL,
     "The prior's score of a board with the mover's and the others' workers."},
    {"build_change", (PyCFunction)(void (*)(void))build_change, METH_FASTCALL,
     "What a build changes in the prior's score of a board."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_prior_scores", "The move prior's scores of boards, in C.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__prior_scores(void)
{
    return PyModule_Create(&module);
}
